import { formatDateTime } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";

interface EventRow {
  id: number;
  type: string;
  source: string;
  candidateName: string | null;
  position: string | null;
  createdAt: Date;
}

/** /chat/webhook: the workspace's chat webhook, its secret, and the latest chat monitor events. */
export function WebhookPage({ shell, url, secret, events }: { shell: Shell; url: string; secret: string; events: EventRow[] }) {
  const example = `curl -X POST ${url} \\\n  -H 'content-type: application/json' \\\n  -H 'x-webhook-secret: ${secret}' \\\n  -d '{"text":"Can we meet Sarah Chen for the Product Owner role?","userId":${shell.user.id}}'`;
  return (
    <AppShell shell={shell} title="Chat webhook" wide={false}>
      <h1 className="text-2xl font-semibold">Chat webhook</h1>
      <p className="mt-1 text-sm text-slate-500">Chat platforms post messages here. A meeting request that names a candidate shows the shortlist popup on your open Frank pages.</p>
      <section className="card mt-6">
        <div className="card-body space-y-4">
          <div>
            <label className="label" htmlFor="wh-url">
              Webhook URL
            </label>
            <input id="wh-url" className="input font-mono" readOnly value={url} />
          </div>
          <div>
            <label className="label" htmlFor="wh-secret">
              Secret (send it in the X-Webhook-Secret header)
            </label>
            <input id="wh-secret" className="input font-mono" readOnly value={secret} data-testid="webhook-secret" />
            <p className="mt-1 text-xs text-slate-500">Keep it private. It is stored encrypted; regenerating it stops the old one at once.</p>
          </div>
          <pre className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100">{example}</pre>
          <form method="post" action="/chat/webhook/rotate">
            <button type="submit" className="btn-destructive btn-sm">
              Regenerate secret
            </button>
          </form>
        </div>
      </section>
      <section className="card mt-6">
        <div className="card-header">
          <h2 className="card-title">Latest chat monitor events</h2>
        </div>
        <div className="card-body">
          {events.length ? (
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500">
                <tr>
                  <th className="py-1">When</th>
                  <th>Type</th>
                  <th>Source</th>
                  <th>Candidate</th>
                  <th>Position</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.id} className="border-t border-slate-100">
                    <td className="py-1">{formatDateTime(e.createdAt, memberZone(shell.user))}</td>
                    <td>{e.type}</td>
                    <td>{e.source}</td>
                    <td>{e.candidateName ?? "—"}</td>
                    <td>{e.position ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-slate-500">No events yet</p>
          )}
        </div>
      </section>
    </AppShell>
  );
}
