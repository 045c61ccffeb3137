import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import { renderPage } from "../../lib/render";
import { setFlash, takeFlash } from "../../lib/flash";
import { AppError } from "../../lib/errors";
import { makeShell } from "../../ui/shell";
import { authGuard } from "../auth/guard";
import { loadInterviews } from "./interviews-service";
import { loadJobs } from "./jobs-service";
import { bulkAction, loadCandidates } from "./candidates-service";
import { InterviewsPage } from "./pages/interviews-page";
import { JobsPage } from "./pages/jobs-page";
import { CandidatesPage } from "./pages/candidates-page";

const see = (location: string) => new Response(null, { status: 303, headers: { location } });
/** Only a path of the candidates page itself is a place to go back to. */
const safeBack = (v: unknown) => (typeof v === "string" && /^\/candidates(\?[^\s]*)?$/.test(v) ? v : "/candidates");

/**
 * The workspace's section pages: /candidates, /jobs and /interviews. They read through the
 * candidates, jobs, shortlists and scheduling services and own no table.
 */
export function workspaceRoutes(deps: Deps) {
  return new Elysia()
    .use(authGuard(deps))
    .get(
      "/interviews",
      ({ me, workspaceId, query, cookie }) =>
        renderPage({ title: "Interviews", toast: takeFlash(cookie as never), body: InterviewsPage({ shell: makeShell(deps, me.user), data: loadInterviews(deps, workspaceId, query ?? {}) }) }),
      { auth: true },
    )
    .get("/jobs", ({ me, workspaceId }) => renderPage({ title: "Jobs", body: JobsPage({ shell: makeShell(deps, me.user), jobs: loadJobs(deps, workspaceId) }) }), { auth: true })
    .get(
      "/candidates",
      ({ me, workspaceId, query, cookie }) =>
        renderPage({ title: "Candidates", toast: takeFlash(cookie as never), body: CandidatesPage({ shell: makeShell(deps, me.user), data: loadCandidates(deps, workspaceId, query ?? {}) }) }),
      { auth: true },
    )
    .post(
      "/candidates/bulk",
      ({ workspaceId, body, cookie, me }) => {
        const form = (body ?? {}) as Record<string, unknown>;
        const back = safeBack(form.back);
        try {
          const r = bulkAction(deps, workspaceId, form, { userId: me.user.id, name: me.user.name || me.user.email });
          if (r.csv !== undefined) {
            return new Response(r.csv, { headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="candidates.csv"', "cache-control": "no-store" } });
          }
          const titles: Record<string, string> = { shortlist: "Added to shortlist", stage: "Stage changed", delete: "Candidates erased" };
          setFlash(cookie as never, { title: r.next ? "Ready to schedule" : (titles[String(form.action)] ?? "Done"), description: r.message, variant: "success" });
          return see(r.next ?? back);
        } catch (e) {
          if (!(e instanceof AppError) || e.status >= 500) throw e;
          setFlash(cookie as never, { title: "Nothing changed", description: e.message, variant: "destructive" });
          return see(back);
        }
      },
      { auth: true },
    );
}
