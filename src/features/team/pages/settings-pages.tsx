import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { ActivityItem } from "../activity";
import type { InvitationView, MemberView } from "../model";
import { can, ROLES, type Action } from "../../auth/permissions";
import { ACTIVITY_KINDS } from "../../events/kinds";
import type { LeftBehindInterview } from "../../scheduling/left-behind";
import { LeftBehindSection } from "./left-behind-section";

/** The settings sections and the action each needs: a section shows only to roles that may use it. */
export const SETTINGS_SECTIONS: { href: string; title: string; text: string; action: Action }[] = [
  { href: "/settings/members", title: "Members", text: "Who works in this workspace, and their roles.", action: "members.update" },
  { href: "/settings/members#invitations", title: "Invitations", text: "Invite people by e-mail; revoke or resend pending links.", action: "invitations.read" },
  { href: "/settings/activity", title: "Activity", text: "Who did what: candidates, shortlists, sessions, interviews, members, settings.", action: "activity.read" },
  { href: "/settings/candidate-pages", title: "Candidate pages", text: "The prequalifier, assessment and intro calls candidates see.", action: "settings.update" },
  { href: "/settings/api-keys", title: "API keys", text: "Keys for your ATS, website or automation to use Frank's API.", action: "apiKeys.manage" },
  { href: "/settings/logo", title: "Logo", text: "Your agency's logo on the shortlists you share with clients.", action: "settings.update" },
  { href: "/settings/email", title: "E-mail", text: "Whether Frank sends e-mail, and how to set it up.", action: "settings.update" },
  { href: "/settings/webhooks", title: "Webhooks", text: "Tell your own systems when candidates, shortlists and interviews change.", action: "webhooks.manage" },
  { href: "/settings/pipeline", title: "Pipeline", text: "The stages of every job's board and the reasons for Rejected.", action: "pipeline.manage" },
  { href: "/settings/email-templates", title: "E-mail templates", text: "Stage e-mails, offered when a card moves into their stage.", action: "pipeline.manage" },
  { href: "/ical-manager", title: "Calendar", text: "Your own Google calendar and iCal feed.", action: "calendar.own" },
  { href: "/settings/mailbox", title: "Mailbox", text: "Your own mailbox: e-mails with candidates and contacts on their timelines, and sent from Frank.", action: "calendar.own" },
  { href: "/settings/interview-types", title: "Interview types", text: "Named interviews for the Schedule card: duration, video, panel or pool, buffers and notice.", action: "scheduling.write" },
  { href: "/settings/availability", title: "Availability", text: "Your working hours, days off, buffers, notice and daily limit for interviews.", action: "scheduling.write" },
  // Billing lives in the profile dialog (its Billing tab): the section opens it.
  { href: "#billing", title: "Billing", text: "The workspace's subscription, plan and invoices.", action: "billing.manage" },
];

export function SettingsIndexPage({ shell }: { shell: Shell }) {
  const sections = SETTINGS_SECTIONS.filter((s) => can(shell.user, s.action));
  return (
    <AppShell shell={shell} title="Settings" wide={false}>
      <h1 className="text-2xl font-semibold">Settings</h1>
      <p className="mt-1 text-sm text-slate-500">
        You are {article(shell.user.role)} <strong>{shell.user.role}</strong> of this workspace.
      </p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-2" data-testid="settings-sections">
        {sections.map((s) => (
          <li key={s.href}>
            {s.href === "#billing" ? (
              <button type="button" className="card flex h-full w-full flex-col justify-start p-4 text-left hover:bg-slate-50" data-open-profile="billing" data-section={s.title}>
                <span className="font-medium text-slate-900">{s.title}</span>
                <span className="mt-1 block text-sm text-slate-500">{s.text}</span>
              </button>
            ) : (
              <a className="card block h-full p-4 hover:bg-slate-50" href={s.href} data-section={s.title}>
                <span className="font-medium text-slate-900">{s.title}</span>
                <span className="mt-1 block text-sm text-slate-500">{s.text}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </AppShell>
  );
}

const article = (role: string) => (role === "admin" || role === "owner" ? "an" : "a");
const date = (iso: string) => iso.slice(0, 16).replace("T", " ") + " UTC";

function RoleSelect({ name, value, id, owner }: { name: string; value: string; id: string; owner: boolean }) {
  return (
    <select className="input" name={name} id={id} defaultValue={value}>
      {ROLES.filter((r) => owner || r !== "owner").map((r) => (
        <option key={r} value={r}>
          {r[0]!.toUpperCase() + r.slice(1)}
        </option>
      ))}
    </select>
  );
}

export function MembersPage({
  shell,
  members,
  invitations,
  leftBehind = [],
  timeZone = "UTC",
}: {
  shell: Shell;
  members: MemberView[];
  invitations: InvitationView[] | null;
  leftBehind?: LeftBehindInterview[];
  timeZone?: string;
}) {
  const me = shell.user;
  const owner = me.role === "owner";
  return (
    <AppShell shell={shell} title="Members" wide={false}>
      <a className="text-sm text-brand-600 hover:underline" href="/settings">
        ← Settings
      </a>
      <h1 className="mt-2 text-2xl font-semibold">Members</h1>
      <section className="card mt-6">
        <ul className="divide-y divide-slate-100" data-testid="members">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center gap-3 p-4" data-member={m.email}>
              <span className="min-w-0 flex-1 basis-full sm:basis-0">
                <span className="block font-medium">
                  {m.name || m.email}
                  {m.id === me.id ? " (you)" : ""}
                </span>
                <span className="block truncate text-sm text-slate-500">{m.email}</span>
              </span>
              {can(me, "members.update") && (owner || m.role !== "owner") ? (
                <form method="post" action={`/settings/members/${m.id}/role`} className="flex items-center gap-2">
                  <label className="sr-only" htmlFor={`role-${m.id}`}>
                    Role of {m.email}
                  </label>
                  <RoleSelect name="role" id={`role-${m.id}`} value={m.role} owner={owner} />
                  <button className="btn-outline btn-sm" type="submit">
                    Save
                  </button>
                </form>
              ) : (
                <span className="badge badge-secondary">{m.role}</span>
              )}
              {(can(me, "members.remove") && (owner || m.role !== "owner")) || m.id === me.id ? (
                <form method="post" action={`/settings/members/${m.id}/remove`} className="flex items-center gap-2">
                  {members.length > 1 ? (
                    <>
                      <label className="sr-only" htmlFor={`reassign-${m.id}`}>
                        Hand their sessions and interviews to
                      </label>
                      <select className="input" name="reassignTo" id={`reassign-${m.id}`} defaultValue="">
                        <option value="">Keep their sessions as they are</option>
                        {members
                          .filter((o) => o.id !== m.id)
                          .map((o) => (
                            <option key={o.id} value={o.id}>
                              Hand over to {o.name || o.email}
                            </option>
                          ))}
                      </select>
                    </>
                  ) : null}
                  <button className="btn-ghost btn-sm text-red-600" type="submit">
                    {m.id === me.id ? "Leave" : "Remove"}
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <LeftBehindSection interviews={leftBehind} members={members} timeZone={timeZone} />

      {invitations ? (
        <section className="card mt-6" id="invitations">
          <div className="card-header">
            <h2 className="card-title">Invitations</h2>
            <p className="text-sm text-slate-500">The link goes by e-mail, works once, and expires after 7 days.</p>
          </div>
          <form method="post" action="/settings/invitations" className="card-body flex flex-wrap items-end gap-3">
            <div className="min-w-56 flex-1">
              <label className="label" htmlFor="invite-email">
                E-mail
              </label>
              <input className="input" id="invite-email" name="email" type="email" required maxLength={320} autoComplete="off" />
            </div>
            <div>
              <label className="label" htmlFor="invite-role">
                Role
              </label>
              <RoleSelect name="role" id="invite-role" value="recruiter" owner={owner} />
            </div>
            <button className="btn-primary" type="submit">
              Send invitation
            </button>
          </form>
          <ul className="divide-y divide-slate-100 border-t border-slate-100" data-testid="invitations">
            {invitations.length === 0 ? <li className="p-4 text-sm text-slate-500">No pending invitations.</li> : null}
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 p-4" data-invitation={i.email}>
                <span className="min-w-0 flex-1 basis-full sm:basis-0">
                  <span className="block font-medium">{i.email}</span>
                  <span className="block text-sm text-slate-500">
                    {i.role} · {i.status === "expired" ? "expired" : `expires ${date(i.expiresAt)}`}
                  </span>
                </span>
                <form method="post" action={`/settings/invitations/${i.id}/resend`}>
                  <button className="btn-outline btn-sm" type="submit">
                    Resend
                  </button>
                </form>
                <form method="post" action={`/settings/invitations/${i.id}/revoke`}>
                  <button className="btn-ghost btn-sm text-red-600" type="submit">
                    Revoke
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AppShell>
  );
}

export const ACTIVITY_ACTIONS = ACTIVITY_KINDS;

export function ActivityPage({ shell, members, activity, filter }: { shell: Shell; members: MemberView[]; activity: ActivityItem[]; filter: { member?: number; action?: string } }) {
  return (
    <AppShell shell={shell} title="Activity" wide={false}>
      <a className="text-sm text-brand-600 hover:underline" href="/settings">
        ← Settings
      </a>
      <h1 className="mt-2 text-2xl font-semibold">Activity</h1>
      <form method="get" action="/settings/activity" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label className="label" htmlFor="f-member">
            Member
          </label>
          <select className="input" id="f-member" name="member" defaultValue={filter.member ? String(filter.member) : ""}>
            <option value="">Everyone</option>
            {members.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label className="label" htmlFor="f-action">
            Action
          </label>
          <select className="input" id="f-action" name="action" defaultValue={filter.action ?? ""}>
            <option value="">All actions</option>
            {ACTIVITY_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <button className="btn-outline" type="submit">
          Filter
        </button>
      </form>
      <section className="card mt-4">
        <ul className="divide-y divide-slate-100" data-testid="activity">
          {activity.length === 0 ? <li className="p-4 text-sm text-slate-500">Nothing yet.</li> : null}
          {activity.map((a) => (
            <li key={a.id} className="p-4 text-sm">
              <span className="font-medium">{a.member ? a.member.name || a.member.email : "Someone"}</span> <span className="text-slate-700">{a.action}</span>{" "}
              <span className="text-slate-500">
                {a.object.type}
                {a.object.id ? ` ${a.object.id}` : ""}
              </span>
              {a.summary ? <span className="block text-slate-500">{a.summary}</span> : null}
              <time className="block text-xs text-slate-500" dateTime={a.createdAt}>
                {date(a.createdAt)}
              </time>
            </li>
          ))}
        </ul>
      </section>
    </AppShell>
  );
}
