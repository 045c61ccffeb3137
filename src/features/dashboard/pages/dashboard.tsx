import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { memberZone } from "../../../lib/time-zone";
import { SchedulingCards } from "../../scheduling/pages/dashboard-cards";
import { CalendarCard } from "../../calendar/pages/dashboard-calendar-card";
import { MailboxCard } from "../../messages/pages/dashboard-mailbox-card";
import { DashboardChat } from "../../chat/pages/dashboard-chat";
import type { DashboardData } from "../service";
import DashboardJobs from "../islands/dashboard-jobs";
import DashboardCampaigns from "../islands/dashboard-campaigns";
import DashboardAnalytics from "../islands/dashboard-analytics";
import DashboardCandidates from "../islands/dashboard-candidates";
import { MonthFigures } from "./month-figures";

/** The dashboard: renders the loader's props (src/features/dashboard/service.ts), calls no service. */
export function DashboardPage({ shell, data }: { shell: Shell; data: DashboardData }) {
  const { user } = shell;
  return (
    <AppShell shell={shell} title="Recruiter dashboard">
      <h1 className="text-2xl font-semibold">Welcome {user.name || user.email}</h1>
      <p className="mt-1 text-sm text-slate-500">Your jobs, candidates, shortlists and interviews.</p>
      <MonthFigures month={data.month} />
      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Island name="dashboard-jobs" component={DashboardJobs} props={{ jobs: data.jobs, total: data.jobsTotal }} />
        <Island name="dashboard-campaigns" component={DashboardCampaigns} props={{ appUrl: data.appUrl }} />
        <Island name="dashboard-analytics" component={DashboardAnalytics} props={{ stats: data.stats }} />
        <div className="md:col-span-2 xl:col-span-3">
          <Island
            name="dashboard-candidates"
            component={DashboardCandidates}
            props={{ page: data.page, filters: data.filters, shortlists: data.shortlists, buckets: data.buckets, initialShortlistId: data.initialShortlistId }}
          />
        </div>
        <SchedulingCards cards={data.scheduling} />
        <CalendarCard card={data.calendar} timeZone={memberZone(user)} />
        <MailboxCard card={data.mailbox} />
      </div>
      <section className="mt-6" aria-label="Assistant">
        <DashboardChat chat={data.chat} />
      </section>
    </AppShell>
  );
}
