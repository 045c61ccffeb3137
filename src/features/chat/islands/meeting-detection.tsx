import { useEffect, useRef, useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { ChatView } from "../client/chat-view";
import { useChat } from "../client/use-chat";
import { browserTimeZone } from "../client/chat-client";
import { BUFFER_RESET_KEYS, DETECTION_GRACE_MS, DETECTION_SCAN_MS, detectMeeting, isActionable } from "../meeting-detect";
import type { ChatEventAnswerBody } from "../../../client/answers";

export interface MeetingDetectionProps {
  greeting: string;
  samples: string[];
  /** This server's origin (APP_URL): only links to it are rendered as links. */
  appOrigin?: string;
}

interface Found {
  candidateName: string;
  position: string | null;
  message: string;
}

/** /meeting-detection: the assistant, with meeting requests detected in what the recruiter types, sends or pastes. */
export default function MeetingDetection(props: MeetingDetectionProps) {
  const chat = useChat(props.greeting);
  const [auto, setAuto] = useState(true);
  const [found, setFound] = useState<Found | null>(null);
  const [creating, setCreating] = useState(false);
  const [paste, setPaste] = useState("");
  const [lastResult, setLastResult] = useState<string>("");
  const autoRef = useRef(auto);
  autoRef.current = auto;
  const openRef = useRef(false);
  openRef.current = !!found;
  const buffer = useRef("");

  /** Runs the detector; opens the dialog on a meeting request that names a candidate. */
  function scan(text: string, force = false): boolean {
    if (!force && !autoRef.current) return false;
    const d = detectMeeting(text);
    setLastResult(d.isMeetingRequest ? `Meeting request${d.candidateName ? ` with ${d.candidateName}` : " (no candidate name)"}${d.position ? ` for ${d.position}` : ""}` : "No meeting request");
    if (!isActionable(d) || openRef.current) return false;
    // One request opens one dialog: what was typed so far is used up.
    buffer.current = "";
    openRef.current = true;
    setFound({ candidateName: d.candidateName, position: d.position, message: text });
    return true;
  }

  // Keystrokes typed anywhere on the page: after a 5 s grace period, the buffer is
  // scanned every second; Escape, Tab and the up/down arrows reset it.
  useEffect(() => {
    const started = Date.now();
    let lastKey = 0;
    const onKey = (e: KeyboardEvent) => {
      lastKey = Date.now();
      const b = buffer.current;
      if (BUFFER_RESET_KEYS.includes(e.key)) buffer.current = "";
      else if (e.key === "Backspace") buffer.current = b.slice(0, -1);
      else if (e.key === "Enter") buffer.current = b + " ";
      else if (e.key.length === 1) buffer.current = (b + e.key).slice(-1000);
    };
    const timer = setInterval(() => {
      // Only once typing pauses, so a half-typed name is not taken for the whole one.
      if (Date.now() - started < DETECTION_GRACE_MS || Date.now() - lastKey < DETECTION_SCAN_MS || !buffer.current.trim() || openRef.current) return;
      scan(buffer.current);
    }, DETECTION_SCAN_MS);
    document.addEventListener("keydown", onKey);
    return () => {
      clearInterval(timer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);

  async function send(text: string) {
    scan(text);
    buffer.current = "";
    return chat.send(text);
  }

  async function create() {
    if (!found) return;
    setCreating(true);
    try {
      const r = await api<ChatEventAnswerBody>("/api/chat-events", {
        body: { type: "schedule_interview", candidateName: found.candidateName, position: found.position, message: found.message, timeZone: browserTimeZone() },
      });
      toast({ title: "Success", description: `Scheduling session created for ${found.candidateName}`, variant: "success" });
      chat.note(`Scheduling session created for ${found.candidateName} (#${r.candidate.id}). Booking link:\n${r.bookingUrl}`);
      setFound(null);
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Failed to create scheduling session", variant: "destructive" });
    } finally {
      setCreating(false);
    }
  }

  const toolbar = (
    <label className="flex cursor-pointer items-center gap-2 text-xs text-slate-600">
      <input type="checkbox" role="switch" checked={auto} onChange={(e) => setAuto((e.target as HTMLInputElement).checked)} aria-label="Auto-detection" />
      Auto-detection {auto ? "on" : "off"}
    </label>
  );

  return (
    <div className="grid h-[calc(100vh-7rem)] gap-4 lg:grid-cols-[1fr_20rem]">
      <ChatView
        messages={chat.messages}
        pending={chat.pending}
        onSend={send}
        onRetry={(id) => void chat.retry(id)}
        onNew={chat.reset}
        onConfirm={chat.confirm}
        onDismiss={chat.dismiss}
        appOrigin={props.appOrigin}
        newLabel="New Conversation"
        title="Frank · Meeting detection"
        toolbar={toolbar}
        className="h-full"
      />
      <aside className="space-y-4 overflow-y-auto">
        <section className="card" aria-labelledby="test-panel">
          <div className="card-header">
            <h2 id="test-panel" className="card-title">
              Test Panel
            </h2>
          </div>
          <div className="card-body space-y-2">
            {props.samples.map((s) => (
              <button key={s} type="button" className="btn-outline btn-sm w-full justify-start text-left" onClick={() => scan(s, true)}>
                {s}
              </button>
            ))}
            <p className="text-xs text-slate-500" data-testid="detection-result">
              {lastResult || "Click a phrase to test the detector."}
            </p>
          </div>
        </section>
        <section className="card" aria-labelledby="paste-title">
          <div className="card-header">
            <h2 id="paste-title" className="card-title">
              Paste a conversation
            </h2>
          </div>
          <div className="card-body space-y-2">
            <label htmlFor="paste-input" className="sr-only">
              Pasted conversation
            </label>
            <textarea
              id="paste-input"
              rows={4}
              className="input"
              placeholder="Paste chat text here"
              value={paste}
              onInput={(e) => setPaste((e.target as HTMLTextAreaElement).value)}
              onPaste={(e) => scan(e.clipboardData?.getData("text") ?? "")}
            />
            <button type="button" className="btn-outline btn-sm" onClick={() => scan(paste, true)}>
              Scan
            </button>
          </div>
        </section>
      </aside>
      {found ? (
        <div className="fixed inset-0 z-50 grid place-items-center bg-slate-900/40 p-4">
          <div role="dialog" aria-modal="true" aria-labelledby="detected-title" className="card w-full max-w-md p-6">
            <h2 id="detected-title" className="text-lg font-semibold">
              Meeting request detected
            </h2>
            <p className="mt-2 text-sm text-slate-600">
              Schedule an interview with <strong>{found.candidateName}</strong>
              {found.position ? (
                <>
                  {" "}
                  for <strong>{found.position}</strong>
                </>
              ) : null}
              ?
            </p>
            <div className="mt-6 flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => setFound(null)}>
                Dismiss
              </button>
              <button type="button" className="btn-primary" onClick={create} disabled={creating}>
                {creating ? "Creating..." : "Create Scheduling Session"}
              </button>
            </div>
          </div>
        </div>
      ) : null}
    </div>
  );
}
