import { Elysia } from "elysia";
import type { AuthDeps } from "./needs";
import type { Web } from "./web";
import { renderPage } from "../../lib/render";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";

import { WorkspaceSite, WorkspaceSiteInput, WorkspaceTimeZone, WorkspaceTimeZoneInput } from "./model";
import type { SignedIn } from "./service";
import { saveWorkspaceSite, saveWorkspaceZone, siteText, workspaceSite, workspaceZone } from "./workspace-site";
import { SiteTextPage } from "./pages/site-text-page";

/** Where the settings form lives (the candidate pages' settings). */
const SITE_SETTINGS_PAGE = "/settings/candidate-pages";

/**
 * /terms and /help (served when MARKETING_URL is not set; open to anyone: a signed-in user
 * reads their workspace's text), and the settings of the workspace's own site.
 */
export function siteRoutes(deps: AuthDeps, web: Web) {
  const page =
    (kind: "terms" | "help", title: string) =>
    ({ me }: { me: SignedIn | null }) =>
      renderPage({ title, body: SiteTextPage({ shell: me ? web.shell(me.user) : null, text: siteText(deps, me?.user.workspaceId ?? null, kind), fallbackTitle: title }) });

  const pages = new Elysia().use(web.guard).get("/terms", page("terms", "Hiring Terms of Use"), { withUser: true }).get("/help", page("help", "Help & Support"), { withUser: true });

  const read = new Elysia({ tags: ["Workspace"] })
    .use(web.guard)
    .guard({ auth: true })
    .get("/api/workspace/site", ({ workspaceId }) => workspaceSite(deps, workspaceId), {
      response: { 200: WorkspaceSite },
      detail: { summary: "The workspace's own site: its URL and its /terms and /help texts" },
    })
    .get("/api/workspace/time-zone", ({ workspaceId }) => ({ timeZone: workspaceZone(deps, workspaceId) }), {
      response: { 200: WorkspaceTimeZone },
      detail: { summary: "The workspace's time zone: the default of intro-call hours and of members' availability" },
    });

  const write = new Elysia({ tags: ["Workspace"] })
    .use(web.guard)
    .guard({ can: "settings.update" })
    .put("/api/workspace/site", ({ workspaceId, body, me }) => saveWorkspaceSite(deps, workspaceId, body, { userId: me.user.id, apiKeyId: me.apiKey?.id ?? null }), {
      body: WorkspaceSiteInput,
      response: { 200: WorkspaceSite },
      detail: { summary: "Change the workspace's site URL and texts" },
    })
    // The settings form without JavaScript: 303 back with a toast.
    .post(
      "/settings/site",
      ({ workspaceId, body, cookie, me }) => {
        saveWorkspaceSite(deps, workspaceId, body, { userId: me.user.id, apiKeyId: me.apiKey?.id ?? null });
        setFlash(cookie, { title: "Site settings saved", variant: "success" });
        return seeOther(SITE_SETTINGS_PAGE);
      },
      { body: WorkspaceSiteInput, form: { back: SITE_SETTINGS_PAGE, failed: "Not saved" } },
    )
    .put("/api/workspace/time-zone", ({ workspaceId, body, me }) => saveWorkspaceZone(deps, workspaceId, body.timeZone, { userId: me.user.id, apiKeyId: me.apiKey?.id ?? null }), {
      body: WorkspaceTimeZoneInput,
      response: { 200: WorkspaceTimeZone },
      detail: { summary: "Change the workspace's time zone" },
    })
    .post(
      "/settings/time-zone",
      ({ workspaceId, body, cookie, me }) => {
        saveWorkspaceZone(deps, workspaceId, body.timeZone, { userId: me.user.id, apiKeyId: me.apiKey?.id ?? null });
        setFlash(cookie, { title: "Time zone saved", variant: "success" });
        return seeOther(SITE_SETTINGS_PAGE);
      },
      { body: WorkspaceTimeZoneInput, form: { back: SITE_SETTINGS_PAGE, failed: "Not saved" } },
    );

  return new Elysia().use(pages).use(read).use(write);
}
