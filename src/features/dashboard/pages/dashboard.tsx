import { AppShell } from "../../../ui/app-shell";
import type { SiteLinks } from "../../../ui/links";
import type { UserRow } from "../../auth/repo";

export function DashboardPage({ user, links }: { user: UserRow; links: SiteLinks }) {
  return (
    <AppShell user={user} links={links} title="Recruiter dashboard">
      <h1 className="text-2xl font-semibold">Welcome {user.name || user.email}</h1>
      <p className="mt-1 text-sm text-slate-500">Your jobs, candidates, shortlists and interviews.</p>
    </AppShell>
  );
}
