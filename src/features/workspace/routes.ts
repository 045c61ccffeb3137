import { Elysia } from "elysia";
import type { WorkspaceDeps } from "./needs";
import type { Web } from "../auth/web";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { seeOther, type FormInput } from "../../lib/route-options";

import { loadInterviews } from "./interviews-service";
import { loadJobs } from "./jobs-service";
import { bulkAction, loadCandidates } from "./candidates-service";
import { BulkInput, CandidatesPageQuery, InterviewsPageQuery } from "./model";
import { InterviewsPage } from "./pages/interviews-page";
import { JobsPage } from "./pages/jobs-page";
import { CandidatesPage } from "./pages/candidates-page";

/** Only a path of the candidates page itself is a place to go back to. */
const safeBack = (v: unknown) => (typeof v === "string" && /^\/candidates(\?[^\s]*)?$/.test(v) ? v : "/candidates");
const BULK_DONE: Record<string, string> = { shortlist: "Added to shortlist", stage: "Screening progress changed", delete: "Candidates erased" };

/**
 * The workspace's section pages: /candidates, /jobs and /interviews. They read through the
 * candidates, jobs, shortlists and scheduling services and own no table; each page's props come
 * from its loader (…-service.ts), the components only render them.
 */
export function workspaceRoutes(deps: WorkspaceDeps, web: Web) {
  return new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/interviews",
      ({ me, workspaceId, query, cookie }) =>
        renderPage({ title: "Interviews", toast: takeFlash(cookie), body: InterviewsPage({ shell: web.shell(me.user), data: loadInterviews(deps, workspaceId, query, me.user) }) }),
      { query: InterviewsPageQuery },
    )
    .get("/jobs", ({ me, workspaceId }) => renderPage({ title: "Jobs", body: JobsPage({ shell: web.shell(me.user), jobs: loadJobs(deps, workspaceId) }) }))
    .get(
      "/candidates",
      ({ me, workspaceId, query, cookie }) =>
        renderPage({ title: "Candidates", toast: takeFlash(cookie), body: CandidatesPage({ shell: web.shell(me.user), data: loadCandidates(deps, workspaceId, query) }) }),
      { query: CandidatesPageQuery },
    )
    .post(
      "/candidates/bulk",
      ({ workspaceId, body, cookie, me }) => {
        const r = bulkAction(deps, workspaceId, body, { userId: me.user.id, name: me.user.name || me.user.email });
        if (r.csv !== undefined) {
          return new Response(r.csv, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="candidates.csv"', "cache-control": "no-store" } });
        }
        if (body.action !== "email") setFlash(cookie, { title: r.next ? "Ready to schedule" : (BULK_DONE[body.action] ?? "Done"), description: r.message, variant: "success" });
        return seeOther(r.next ?? safeBack(body.back));
      },
      { body: BulkInput, form: { back: (input: FormInput) => safeBack(input.body.back), failed: "Nothing changed" } },
    );
}
