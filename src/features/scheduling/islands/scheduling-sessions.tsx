import { useEffect, useRef, useState } from "react";
import { startPoll } from "../../../client/connection";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { CANCEL_SESSION_CONFIRM, POLL_SESSIONS_MS, SESSIONS_CHANGED } from "../events";
import type { SessionView } from "../views";
import { inScope, ScopeToggle, useScope } from "../components/scope-toggle";
import { sessionCandidateName as nameOf, SessionItem } from "../components/session-item";
import type { SessionListAnswer } from "../../../client/answers";

/**
 * Active Sessions card, polled every 10 s: each session as Pending (how many slots can still
 * be booked), Booked (when, and a link to the interview), Expired or Canceled; Copy and
 * Resend only while the link works. 'Slot Booked!' when a session becomes booked.
 */
export default function SchedulingSessions({
  sessions: initial,
  meId,
  timeZone,
}: {
  sessions: SessionView[];
  meId?: number;
  /** The member's zone (issue 41); else each session's. */ timeZone?: string;
}) {
  const [all, setSessions] = useState(initial);
  const [scope, setScope] = useScope();
  const sessions = inScope(all, scope, meId);
  const seen = useRef(new Map(initial.map((s) => [s.id, s.state])));

  async function refresh() {
    try {
      const { sessions: next } = await api<SessionListAnswer>("/api/scheduling-sessions");
      for (const s of next) {
        const before = seen.current.get(s.id);
        if (before === "pending" && s.state === "booked") {
          toast({ title: "Slot Booked!", description: `${nameOf(s)} confirmed 1 interview slot.`, variant: "success" });
        }
        seen.current.set(s.id, s.state);
      }
      setSessions(next);
    } catch {
      // A missed poll is retried on the next tick.
    }
  }

  useEffect(() => {
    const stop = startPoll(refresh, POLL_SESSIONS_MS);
    window.addEventListener(SESSIONS_CHANGED, refresh);
    return () => (stop(), window.removeEventListener(SESSIONS_CHANGED, refresh));
  }, []);

  async function cancel(e: { preventDefault(): void }, s: SessionView) {
    e.preventDefault();
    if (!window.confirm(CANCEL_SESSION_CONFIRM)) return;
    try {
      await api(`/api/scheduling-sessions/${s.id}`, { method: "DELETE" });
      toast({ title: "Session canceled", description: `The link for ${nameOf(s)} no longer works.` });
      refresh();
    } catch {
      toast({ title: "Error", description: "Failed to delete scheduling session", variant: "destructive" });
    }
  }

  async function resend(s: SessionView) {
    try {
      await api(`/api/scheduling-sessions/${s.id}/resend`, { method: "POST", body: {} });
      toast({ title: "Link sent", description: `${nameOf(s)} will receive the booking link by e-mail.`, variant: "success" });
    } catch (e) {
      toast({ title: "Not sent", description: serverMessage(e) ?? "Failed to send the link", variant: "destructive" });
    }
  }

  async function copy(s: SessionView) {
    try {
      // The link shown is the one copied (and the one e-mailed): APP_URL's, whatever host this page is on.
      await navigator.clipboard.writeText(s.bookingUrl);
      toast({ title: "URL copied" });
    } catch {
      toast({ title: "Copy failed", description: "Select the link and copy it.", variant: "destructive" });
    }
  }

  return (
    <section className="card h-full" aria-labelledby="sessions-title">
      <div className="card-header">
        <div className="flex items-center justify-between gap-2">
          <h2 id="sessions-title" className="card-title">
            Active Sessions
          </h2>
          <ScopeToggle scope={scope} onChange={setScope} label="Whose sessions" />
        </div>
        <p className="text-sm text-slate-500">Scheduling links sent to candidates.</p>
      </div>
      <div className="card-body">
        {sessions.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No active sessions</p>
        ) : (
          <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto">
            {sessions.map((s) => (
              <SessionItem key={s.id} s={s} timeZone={timeZone} onCopy={copy} onResend={resend} onCancel={cancel} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
