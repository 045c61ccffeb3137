import type { Deps } from "../../../deps";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { SchedulingCards } from "../../scheduling/pages/dashboard-cards";
import { DashboardChat } from "../../chat/pages/dashboard-chat";

export function DashboardPage({ deps, shell }: { deps: Deps; shell: Shell }) {
  const { user } = shell;
  return (
    <AppShell shell={shell} title="Recruiter dashboard">
      <h1 className="text-2xl font-semibold">Welcome {user.name || user.email}</h1>
      <p className="mt-1 text-sm text-slate-500">Your jobs, candidates, shortlists and interviews.</p>
      <SchedulingCards deps={deps} shell={shell} />
      <DashboardChat deps={deps} shell={shell} />
    </AppShell>
  );
}
