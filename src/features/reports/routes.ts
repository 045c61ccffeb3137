import { Elysia } from "elysia";
import type { Deps } from "../../deps";
import type { Web } from "../auth/web";
import { renderPage } from "../../lib/render";
import { takeFlash } from "../../lib/flash";
import { csvLine } from "../../lib/csv";
import { ReportQuery } from "./model";
import { filterChoices, periodOf, runReport } from "./service";
import { ReportsPage } from "./pages/reports-page";

/** /reports (chart and table, filters in the address, no script) and /reports.csv (the table). */
export function reportRoutes(deps: Deps, web: Web) {
  return new Elysia()
    .use(web.guard)
    .guard({ auth: true })
    .get(
      "/reports",
      ({ me, query, cookie }) => {
        const report = runReport(deps, me.user, query);
        const period = periodOf(deps.clock.now(), query);
        return renderPage({
          title: `Reports: ${report.title}`,
          toast: takeFlash(cookie),
          body: ReportsPage({ shell: web.shell(me.user), report, q: query, period, choices: filterChoices(deps, me.user) }),
        });
      },
      { query: ReportQuery },
    )
    .get(
      "/reports.csv",
      ({ me, query }) => {
        const report = runReport(deps, me.user, query);
        const period = periodOf(deps.clock.now(), query);
        const body = csvLine(report.columns) + report.rows.map(csvLine).join("");
        return new Response(body, {
          headers: { "content-type": "text/csv; charset=utf-8", "content-disposition": `attachment; filename="${report.name}-${period.from}-${period.to}.csv"`, "cache-control": "no-store" },
        });
      },
      { query: ReportQuery },
    );
}
