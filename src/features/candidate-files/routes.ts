import { Elysia } from "elysia";
import type { Web } from "../auth/web";
import type { Deps } from "../../deps";
import { IdParam, ownAnswers } from "../../lib/route-schemas";
import { CONTENT_TYPES } from "./sniff";
import { setFlash } from "../../lib/flash";
import { seeOther } from "../../lib/route-options";
import { attachment } from "../../lib/content-disposition";

import { memberActor } from "../events/record";
import { FileList, OneFile } from "./model";
import * as files from "./service";

/** A candidate's files: the API (multipart upload, list, download, delete) and the candidate page's plain upload form. */
export function candidateFileRoutes(deps: Deps, web: Web) {
  return new Elysia({ tags: ["Candidates"] })
    .use(web.guard)
    .guard({ auth: true })
    .post(
      "/api/participants/:id/files",
      async ({ me, workspaceId, params, body, set }) => {
        const file = await files.uploadFile(deps, workspaceId, params.id, (body as Record<string, unknown> | undefined)?.file, memberActor(me), me.user.id);
        set.status = 201;
        return { file };
      },
      { params: IdParam, response: { 201: OneFile }, detail: { summary: "Upload a CV (multipart, field `file`): PDF, DOCX or plain text, at most 10 MB, 20 files a candidate" } },
    )
    .get("/api/participants/:id/files", ({ workspaceId, params }) => ({ files: files.listFiles(deps, workspaceId, params.id) }), {
      params: IdParam,
      response: { 200: FileList },
      detail: { summary: "A candidate's files" },
    })
    .get(
      "/api/files/:id",
      async ({ workspaceId, params }) => {
        const { file, bytes } = await files.readFile(deps, workspaceId, params.id);
        // Always a download, typed from the sniffed bytes: a file never renders in Frank's origin.
        return new Response(bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            "content-type": file.contentType,
            "content-disposition": attachment(file.name),
            "x-content-type-options": "nosniff",
            "cache-control": "private, no-store",
            "content-security-policy": "default-src 'none'; sandbox",
          },
        });
      },
      {
        params: IdParam,
        detail: {
          summary: "Download a file (always as an attachment)",
          responses: ownAnswers({ 200: { description: "The file's bytes, typed from what they are", content: Object.fromEntries(Object.values(CONTENT_TYPES).map((t) => [t.split(";")[0]!, null])) } }),
        },
      },
    )
    .delete("/api/files/:id", async ({ me, workspaceId, params }) => ({ file: await files.deleteFile(deps, workspaceId, params.id, memberActor(me)) }), {
      params: IdParam,
      response: { 200: OneFile },
      detail: { summary: "Delete a file" },
    })
    .post(
      "/candidates/:id/files",
      async ({ me, workspaceId, params, body, cookie }) => {
        const f = await files.uploadFile(deps, workspaceId, params.id, (body as Record<string, unknown> | undefined)?.file, memberActor(me), me.user.id);
        setFlash(cookie, { title: `${f.name} uploaded`, variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { params: IdParam, form: { back: (i: { params: Record<string, string> }) => `/candidates/${Number(i.params.id) || ""}`, failed: "File not uploaded" } },
    )
    .post(
      "/candidates/:id/files/:fileId/delete",
      async ({ me, workspaceId, params, cookie }) => {
        const f = await files.deleteFile(deps, workspaceId, Number(params.fileId), memberActor(me));
        setFlash(cookie, { title: `${f.name} deleted`, variant: "success" });
        return seeOther(`/candidates/${params.id}`);
      },
      { form: { back: (i: { params: Record<string, string> }) => `/candidates/${Number(i.params.id) || ""}`, failed: "File not deleted" } },
    );
}
