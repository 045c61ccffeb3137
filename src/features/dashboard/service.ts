import type { DashboardDeps } from "./needs";
import type { users } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { parseInput } from "../../lib/validate";
import { databaseStats, listParticipants } from "../candidates/service";
import { ListParticipantsInput } from "../candidates/model";
import { bucketsOf, checkBucketFilter } from "../candidates/settings";
import { jobListItems } from "../jobs/service";
import { listShortlists } from "../shortlists/service";
import { loadDashboardChat } from "../chat/pages/dashboard-chat";
import { loadCalendarCard } from "../calendar/pages/dashboard-calendar-card";
import { loadMailboxCard } from "../messages/pages/dashboard-mailbox-card";
import type { DashboardQuery } from "./model";

/** How many jobs the Job Positions card lists, newest first; an agency's 2,000 are on /jobs. */
const DASHBOARD_JOBS = 100;

/** Everything the dashboard shows on the first response (no loading spinners), as plain props. */
export function loadDashboard(deps: DashboardDeps, user: typeof users.$inferSelect, query: DashboardQuery) {
  const workspaceId = user.workspaceId;
  // Query from the no-JavaScript filter form; a bad value just means "no filter".
  let filters: { search?: string; role?: string; location?: string; page: number };
  try {
    const q = parseInput(ListParticipantsInput, { search: query.search, role: query.role || undefined, location: query.location || undefined, page: query.page });
    checkBucketFilter(bucketsOf(deps, workspaceId), q.role, q.location);
    filters = { search: q.search, role: q.role, location: q.location, page: q.page };
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    filters = { page: 1 };
  }
  const shortlists = listShortlists(deps, workspaceId).map((s) => ({ id: s.id, name: s.name }));
  const wanted = Number(query.shortlistId);
  // Only what the Job Positions card shows: the newest jobs' id, title and location (all of them are on /jobs).
  const jobs = jobListItems(deps, workspaceId, DASHBOARD_JOBS);
  const month = deps.placements.month(user);
  const filled = new Set(month.filledJobIds);
  return {
    month: { placements: month.count, fees: month.fees, openJobs: jobs.ids.filter((id) => !filled.has(id)).length },
    appUrl: deps.config.APP_URL,
    jobs: jobs.jobs,
    jobsTotal: jobs.total,
    stats: databaseStats(deps, workspaceId),
    page: listParticipants(deps, workspaceId, { ...filters, excludeShortlisted: true, limit: 20 }),
    filters: { search: filters.search ?? "", role: filters.role ?? "", location: filters.location ?? "" },
    shortlists,
    buckets: bucketsOf(deps, workspaceId),
    initialShortlistId: shortlists.some((s) => s.id === wanted) ? wanted : null,
    scheduling: deps.scheduling.dashboardCards(user),
    calendar: loadCalendarCard(deps, user.id),
    mailbox: loadMailboxCard(deps, user),
    chat: loadDashboardChat(deps),
  };
}
export type DashboardData = ReturnType<typeof loadDashboard>;
