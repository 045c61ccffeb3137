import { AppShell } from "../../../ui/app-shell";
import { formatDateTime } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import type { Shell } from "../../../ui/shell";
import type { ActivityItem } from "../activity";
import type { InvitationView, MemberView } from "../model";
import { can, ROLES } from "../../auth/permissions";
import { SETTINGS_SECTIONS } from "../../../ui/settings-sections";
import { ACTIVITY_KINDS } from "../../events/kinds";
import type { LeftBehindInterview } from "../../scheduling/left-behind";
import { LeftBehindSection } from "./left-behind-section";

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
      <h1 className="text-2xl font-semibold">Members</h1>
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
                    {i.role} · {i.status === "expired" ? "expired" : `expires ${formatDateTime(i.expiresAt, memberZone(me))}`}
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

const ACTIVITY_ACTIONS = ACTIVITY_KINDS;

export function ActivityPage({ shell, members, activity, filter }: { shell: Shell; members: MemberView[]; activity: ActivityItem[]; filter: { member?: number; action?: string } }) {
  return (
    <AppShell shell={shell} title="Activity" wide={false}>
      <h1 className="text-2xl font-semibold">Activity</h1>
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
                {formatDateTime(a.createdAt, memberZone(shell.user))}
              </time>
            </li>
          ))}
        </ul>
      </section>
    </AppShell>
  );
}
