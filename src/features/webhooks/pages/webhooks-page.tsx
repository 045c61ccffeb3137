import { AppShell } from "../../../ui/app-shell";
import { formatDateTime } from "../../../lib/when";
import { memberZone } from "../../../lib/time-zone";
import type { Shell } from "../../../ui/shell";
import { EVENT_TYPES, type DeliveryView, type WebhookView } from "../model";

interface WebhooksPageData {
  webhooks: { webhook: WebhookView; deliveries: DeliveryView[] }[];
}

const STATUS_BADGE: Record<DeliveryView["status"], string> = { pending: "badge-secondary", retrying: "badge-warning", delivered: "badge-success", failed: "badge-destructive" };

/**
 * Settings → Webhooks: the workspace's endpoints, a form to add one (the secret is shown on
 * the answer to that form only), and per endpoint its delivery log with Resend and a test
 * event. Every button is a form post, so the page works without JavaScript.
 */
export interface WebhooksPageProps {
  shell: Shell;
  data: WebhooksPageData;
  /** An endpoint just added: its secret is shown this once. */
  created?: { url: string; secret: string } | null;
  /** A refused add form: each field's message and the values as posted. */
  errors?: Record<string, string>;
  form?: { url?: string; events?: string[] };
}

export function WebhooksPage({ shell, data, created, errors, form }: WebhooksPageProps) {
  const zone = memberZone(shell.user);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, zone) : "—");
  const ticked = new Set(form?.events ?? []);
  return (
    <AppShell shell={shell} title="Webhooks" wide={false}>
      <h1 className="text-2xl font-semibold">Webhooks</h1>
      <p className="mt-1 text-sm text-slate-500">
        Frank POSTs a signed JSON message to your addresses when candidates, shortlists, sessions and interviews change (Standard Webhooks: headers webhook-id, webhook-timestamp and
        webhook-signature). Failed deliveries are tried again for 48 hours.
      </p>

      {created ? (
        <section className="card mt-6 border-green-300" data-testid="webhook-created" aria-live="polite">
          <div className="card-header">
            <h2 className="card-title">Endpoint added: copy its signing secret now</h2>
            <p className="text-sm text-slate-500">It is shown only this once. Verify each delivery's signature with it.</p>
          </div>
          <div className="card-body">
            <label className="label" htmlFor="webhook-secret">
              Signing secret for {created.url}
            </label>
            <input id="webhook-secret" className="input font-mono" readOnly value={created.secret} data-testid="webhook-secret" />
          </div>
        </section>
      ) : null}

      <section className="card mt-6">
        <div className="card-header">
          <h2 className="card-title">Add an endpoint</h2>
        </div>
        <form method="post" action="/settings/webhooks" className="card-body grid gap-4">
          <div>
            <label className="label" htmlFor="webhook-url">
              URL
            </label>
            <input
              className="input"
              id="webhook-url"
              name="url"
              type="url"
              required
              maxLength={2000}
              placeholder="https://example.com/frank-webhooks"
              defaultValue={form?.url ?? ""}
              aria-invalid={errors?.url ? true : undefined}
              aria-describedby={errors?.url ? "webhook-url-error" : undefined}
            />
            {errors?.url ? (
              <p id="webhook-url-error" className="mt-1 text-sm text-red-600">
                {errors.url}
              </p>
            ) : null}
          </div>
          <fieldset>
            <legend className="label">Events</legend>
            <div className="grid gap-1 sm:grid-cols-2">
              {EVENT_TYPES.map((e) => (
                <label key={e} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="events" value={e} defaultChecked={ticked.has(e)} />
                  <code>{e}</code>
                </label>
              ))}
            </div>
            {errors?.events ? <p className="mt-1 text-sm text-red-600">{errors.events}</p> : null}
          </fieldset>
          <div>
            <button className="btn-primary" type="submit">
              Add endpoint
            </button>
          </div>
        </form>
      </section>

      {data.webhooks.length === 0 ? (
        <p className="mt-6 text-sm text-slate-500" data-testid="webhooks-empty">
          No endpoints yet.
        </p>
      ) : null}
      <ul className="mt-6 grid grid-cols-1 gap-6" data-testid="webhooks">
        {data.webhooks.map(({ webhook: w, deliveries }) => (
          <li key={w.id} className="card min-w-0" data-webhook={w.url}>
            <div className="card-header flex flex-wrap items-start gap-3">
              <div className="min-w-0 flex-1 basis-full sm:basis-0">
                <h2 className="card-title break-all">{w.url}</h2>
                <p className="mt-1 text-xs text-slate-500">
                  {w.status === "disabled" ? <span className="badge-destructive mr-2">disabled {when(w.disabledAt)}</span> : <span className="badge-success mr-2">active</span>}
                  added {when(w.createdAt)} · {w.events.join(", ")}
                </p>
              </div>
              {w.status === "active" ? (
                <form method="post" action={`/settings/webhooks/${w.id}/test`}>
                  <button className="btn-outline btn-sm" type="submit">
                    Send test event
                  </button>
                </form>
              ) : null}
              <form method="post" action={`/settings/webhooks/${w.id}/delete`}>
                <button className="btn-ghost btn-sm text-red-600" type="submit">
                  Delete
                </button>
              </form>
            </div>
            <div className="card-body relative overflow-x-auto">
              {deliveries.length ? (
                <table className="w-full text-left text-xs sm:text-sm" aria-label={`Deliveries to ${w.url}`}>
                  <thead className="text-xs text-slate-500">
                    <tr>
                      <th className="py-1 pr-2 sm:pr-3">Event</th>
                      <th className="pr-2 sm:pr-3">Status</th>
                      <th className="pr-2 sm:pr-3">HTTP</th>
                      <th className="pr-2 sm:pr-3">Attempts</th>
                      <th className="hidden pr-3 sm:table-cell">Time</th>
                      <th className="hidden sm:table-cell">
                        <span className="sr-only">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {deliveries.map((d) => (
                      <tr key={d.id} className="border-t border-slate-100 align-top" data-delivery={d.webhookId}>
                        <td className="py-1 pr-2 sm:pr-3">
                          <code className="text-xs">{d.type}</code>
                          <span className="block text-xs text-slate-500 sm:hidden">{when(d.createdAt)}</span>
                          {/* On a phone the button sits here: a fifth column would not fit. */}
                          {w.status === "active" ? <ResendButton webhookId={w.id} deliveryId={d.id} className="mt-1 sm:hidden" /> : null}
                        </td>
                        <td className="pr-2 sm:pr-3">
                          <span className={STATUS_BADGE[d.status]}>{d.status}</span>
                          {d.lastError && d.status !== "delivered" ? <span className="block text-xs text-slate-500">{d.lastError}</span> : null}
                          {d.status === "retrying" && d.nextAttemptAt ? <span className="block text-xs text-slate-500">next try {when(d.nextAttemptAt)}</span> : null}
                        </td>
                        <td className="pr-2 sm:pr-3">{d.statusCode ?? "—"}</td>
                        <td className="pr-2 sm:pr-3">
                          {d.attempts.length > 1 ? (
                            // Every try, as Stripe and Svix list them: when, what came back, how long it took.
                            <details>
                              <summary className="cursor-pointer">{d.attempts.length}</summary>
                              <ol className="mt-1 space-y-0.5 text-xs text-slate-600" aria-label="Tries">
                                {d.attempts.map((a, i) => (
                                  <li key={i} className="sm:whitespace-nowrap">
                                    {/* Month-day and time to the second (UTC): tries can be seconds or days apart. */}
                                    <time dateTime={a.at} title={when(a.at)}>{`${a.at.slice(5, 10)} ${a.at.slice(11, 19)}`}</time> · {a.statusCode ?? a.error ?? "no answer"}
                                    {a.durationMs != null ? ` · ${a.durationMs} ms` : ""}
                                  </li>
                                ))}
                              </ol>
                            </details>
                          ) : (
                            d.attempts.length
                          )}
                        </td>
                        <td className="hidden whitespace-nowrap pr-3 sm:table-cell">
                          <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
                        </td>
                        <td className="hidden sm:table-cell">{w.status === "active" ? <ResendButton webhookId={w.id} deliveryId={d.id} /> : null}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="text-sm text-slate-500">No deliveries yet.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </AppShell>
  );
}

function ResendButton({ webhookId, deliveryId, className }: { webhookId: number; deliveryId: number; className?: string }) {
  return (
    <form method="post" action={`/settings/webhooks/${webhookId}/deliveries/${deliveryId}/resend`} className={className}>
      <button className="btn-outline btn-sm" type="submit">
        Resend
      </button>
    </form>
  );
}
