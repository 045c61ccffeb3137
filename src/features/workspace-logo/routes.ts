import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { memberActor } from "../events/record";
import { workspaceNameOf } from "../team/service";
import { FormerLogoParam, LogoAnswer, LogoFileParam } from "./model";
import * as logos from "./service";
import { LogoPage } from "./pages/logo-page";

/** The image in a request: a multipart form's `file` field, or the body itself (PUT with Content-Type: image/png). */
async function imageOf(request: Request): Promise<Uint8Array | null> {
  const type = request.headers.get("content-type") ?? "";
  if (/^multipart\/form-data/i.test(type)) {
    const file = (await request.formData()).get("file");
    return file instanceof Blob ? new Uint8Array(await file.arrayBuffer()) : null;
  }
  return new Uint8Array(await request.arrayBuffer());
}

/** The workspace's logo: its API, its Settings page, and the public, cacheable image. */
export function workspaceLogoRoutes(deps: Deps, web: Web) {
  const api = new Elysia({ tags: ["Workspace"] })
    .use(web.guard)
    .get("/api/workspace/logo", ({ workspaceId }) => ({ logo: logos.getLogo(deps, workspaceId) }), {
      auth: true,
      response: { 200: LogoAnswer },
      detail: { summary: "The workspace's logo (null: none)" },
    })
    .put("/api/workspace/logo", async ({ me, workspaceId, request }) => ({ logo: logos.setLogo(deps, workspaceId, await imageOf(request), memberActor(me)) }), {
      can: "settings.update",
      parse: "none",
      response: { 200: LogoAnswer },
      detail: { summary: "Set the workspace's logo: PNG, JPEG or WebP (from the bytes), at most 512 kB; the body is the image, or multipart with field `file`" },
    })
    .delete("/api/workspace/logo", ({ me, workspaceId }) => (logos.deleteLogo(deps, workspaceId, memberActor(me)), { logo: null }), {
      can: "settings.update",
      response: { 200: LogoAnswer },
      detail: { summary: "Remove the workspace's logo" },
    });

  const pages = new Elysia()
    .use(web.guard)
    .get(
      "/settings/logo",
      ({ me, workspaceId, cookie }) =>
        renderPage({ title: "Logo", toast: takeFlash(cookie), body: LogoPage({ shell: web.shell(me.user), agency: workspaceNameOf(deps, workspaceId), logo: logos.getLogo(deps, workspaceId) }) }),
      {
        can: "settings.update",
      },
    )
    .post(
      "/settings/logo",
      async ({ me, workspaceId, request, cookie }) => {
        logos.setLogo(deps, workspaceId, await imageOf(request), memberActor(me));
        setFlash(cookie, { title: "Logo saved", variant: "success" });
        return seeOther("/settings/logo");
      },
      { can: "settings.update", parse: "none", form: { back: "/settings/logo", failed: "Logo not saved" } },
    )
    .post(
      "/settings/logo/delete",
      ({ me, workspaceId, cookie }) => {
        logos.deleteLogo(deps, workspaceId, memberActor(me));
        setFlash(cookie, { title: "Logo removed", variant: "success" });
        return seeOther("/settings/logo");
      },
      { can: "settings.update", form: { back: "/settings/logo", failed: "Logo not removed" } },
    );

  // Public: the client's page and e-mails show it to people without an account. The address
  // names the image's content, so it is cached for a year and never goes stale.
  const image = new Elysia()
    .get(
      "/logos/:file",
      ({ params }) => {
        const found = logos.servedLogo(deps, params.file);
        if (!found) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
        if ("moved" in found) return new Response(null, { status: 302, headers: { location: found.moved, "cache-control": "no-cache" } });
        return new Response(found.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            "content-type": found.contentType,
            "cache-control": "public, max-age=31536000, immutable",
            "x-content-type-options": "nosniff",
            "content-security-policy": "default-src 'none'; sandbox",
            "cross-origin-resource-policy": "cross-origin",
          },
        });
      },
      { params: LogoFileParam },
    )
    .get(
      "/logos/:file/:hashFile",
      ({ params }) => {
        const moved = logos.formerLogoAddress(deps, params.file, params.hashFile);
        if (!moved) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
        return new Response(null, { status: 302, headers: { location: moved, "cache-control": "no-cache" } });
      },
      { params: FormerLogoParam },
    );
  return new Elysia().use(api).use(pages).use(image);
}
