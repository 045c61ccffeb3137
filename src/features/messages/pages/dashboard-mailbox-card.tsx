import { formatDateTime } from "../../../lib/when";
import { zoneOfMember } from "../../auth/members";
import type { Deps } from "../../../deps";
import type { MailboxView } from "../model";
import { listMailboxes } from "../service";

const STATE_TEXT = { ok: "Up to date", stale: "Not synced for 15 minutes", error: "Sync failed" } as const;
const STATE_BADGE = { ok: "badge-success", stale: "badge-warning", error: "badge-destructive" } as const;

/** The member's mailbox for the dashboard (its loader: plain props, read before rendering). */
export function loadMailboxCard(deps: Deps, user: { id: number; workspaceId: number }): { mailbox: MailboxView | null; timeZone: string } {
  return { mailbox: listMailboxes(deps, user)[0] ?? null, timeZone: zoneOfMember(deps, user.workspaceId, user.id) };
}

/** The dashboard's mailbox card (no script): its state like the calendar's, or how to connect one. */
export function MailboxCard({ card }: { card: ReturnType<typeof loadMailboxCard> }) {
  const m = card.mailbox;
  return (
    <section className="card h-full" aria-labelledby="mailbox-card-title">
      <div className="card-header flex items-center justify-between gap-2">
        <h2 id="mailbox-card-title" className="card-title">
          Mailbox
        </h2>
        {m ? <span className={STATE_BADGE[m.state]}>{STATE_TEXT[m.state]}</span> : null}
      </div>
      <div className="card-body space-y-2 text-sm">
        {m ? (
          <>
            <p>{m.address}</p>
            <p className="text-slate-600 dark:text-slate-300">Last synced: {m.lastSyncedAt ? formatDateTime(m.lastSyncedAt, card.timeZone) : "never"}</p>
            {m.reason ? <p className="text-red-700 dark:text-red-300">{m.reason}</p> : null}
          </>
        ) : (
          <p className="text-slate-600 dark:text-slate-300">Connect your mailbox to see e-mails with candidates on their pages and write to them from Frank.</p>
        )}
        <a href="/settings/mailbox" className="btn-outline btn-sm">
          {m ? "Manage mailbox" : "Connect"}
        </a>
      </div>
    </section>
  );
}
