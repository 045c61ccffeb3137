import { useEffect, useRef, useState } from "react";
import { api, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { browserTimeZone } from "../client/chat-client";
import { POPUP_HIDE_MS, RECONNECT_DELAY_MS, RECONNECT_TRIES } from "../meeting-detect";
import type { ChatEventAnswerBody } from "../../../client/answers";

export interface ShortlistTestProps {
  signedIn: boolean;
  email: string | null;
  userId: number | null;
  /** The workspace's webhook secret (signed-in only), for the Test Webhook button. */
  webhookSecret: string | null;
}

interface Popup {
  candidateName: string;
  position: string;
}

const NEED_BOTH = "Please enter candidate name and position";

/** /shortlist-test: drives the chat monitor through the webhook, the websocket and the API, and shows its popup. */
export default function ShortlistTest(props: ShortlistTestProps) {
  const [connected, setConnected] = useState(false);
  const [log, setLog] = useState<string[]>([]);
  const [name, setName] = useState("");
  const [position, setPosition] = useState("");
  const [message, setMessage] = useState("");
  const [popup, setPopup] = useState<Popup | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const add = (line: string) => setLog((l) => [`${new Date().toLocaleTimeString()} ${line}`, ...l].slice(0, 200));

  function show(p: Popup) {
    setPopup(p);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setPopup(null), POPUP_HIDE_MS);
  }

  // Connects, and on close retries up to 5 times, 3 s apart; a successful open resets the count.
  useEffect(() => {
    let tries = 0;
    let stopped = false;
    let retry: ReturnType<typeof setTimeout>;
    const connect = () => {
      const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/chat-monitor`);
      socket.current = ws;
      ws.onopen = () => {
        tries = 0;
        setConnected(true);
        add("WebSocket connected");
      };
      ws.onmessage = (e) => {
        add(`Received: ${e.data}`);
        try {
          const m = JSON.parse(String(e.data));
          if (m.type === "shortlist_popup") show({ candidateName: m.candidateName, position: m.position });
        } catch {}
      };
      ws.onclose = () => {
        setConnected(false);
        if (stopped) return;
        if (tries < RECONNECT_TRIES) {
          tries++;
          add(`WebSocket closed; reconnecting (${tries}/${RECONNECT_TRIES}) in ${RECONNECT_DELAY_MS / 1000} s`);
          retry = setTimeout(connect, RECONNECT_DELAY_MS);
        } else add("WebSocket closed; giving up");
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.current?.close();
    };
  }, []);

  const meetText = () => message.trim() || `Let's meet ${name.trim()} for the ${position.trim()} role`;
  const ready = () => {
    if (name.trim() && position.trim()) return true;
    alert(NEED_BOTH);
    return false;
  };

  async function testWebhook() {
    if (!ready()) return;
    try {
      const res = await fetch("/api/webhook/chat", {
        method: "POST",
        headers: { "content-type": "application/json", ...(props.webhookSecret ? { "x-webhook-secret": props.webhookSecret } : {}) },
        body: JSON.stringify({ text: meetText(), userId: props.userId }),
      });
      add(`Webhook ${res.status}: ${await res.text()}`);
    } catch (e) {
      add(`Webhook failed: ${String(e)}`);
    }
  }

  function sendSocket() {
    if (!ready()) return;
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return add("WebSocket is not connected");
    const payload = { text: meetText(), userId: props.userId, timestamp: new Date().toISOString() };
    ws.send(JSON.stringify(payload));
    add(`Sent: ${JSON.stringify(payload)}`);
  }

  async function sendApi() {
    if (!ready()) return;
    try {
      const r = await api<ChatEventAnswerBody>("/api/chat-events", {
        body: { type: "meeting_detected", userId: props.userId, candidateName: name.trim(), position: position.trim(), message: meetText() },
      });
      add(`API: success ${r.success}, candidate ${r.candidate.id}`);
    } catch (e) {
      add(`API failed: ${(e as Error).message}`);
    }
  }

  async function act(type: "add_to_shortlist" | "schedule_interview") {
    if (!popup) return;
    if (!props.signedIn) {
      alert("Please log in to add candidates to a shortlist or schedule interviews.");
      return;
    }
    try {
      const r = await api<ChatEventAnswerBody>("/api/chat-events", {
        body: { type, userId: props.userId, candidateName: popup.candidateName, position: popup.position, message: meetText(), timeZone: browserTimeZone() },
      });
      if (type === "add_to_shortlist") {
        toast({ title: "Shortlist Created", description: `${popup.candidateName} was added to ${r.shortlist?.name ?? "the shortlist"}.`, variant: "success" });
      } else {
        toast({ title: "Success", description: `Scheduling session created: ${r.bookingUrl}`, variant: "success" });
        add(`Booking link: ${r.bookingUrl}`);
      }
      setPopup(null);
    } catch (e) {
      toast({
        title: "Error",
        description: type === "add_to_shortlist" ? "Failed to create shortlist. Please try again." : (serverMessage(e) ?? "Failed to create scheduling session"),
        variant: "destructive",
      });
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className="card">
        <div className="card-header flex items-center justify-between">
          <h2 className="card-title">Connection</h2>
          <div className="flex gap-2 text-xs">
            <span className={props.signedIn ? "badge-success" : "badge-destructive"} data-testid="login-state">
              {props.signedIn ? `Logged in as ${props.email}` : "Not logged in"}
            </span>
            <span className={connected ? "badge-success" : "badge-secondary"} data-testid="socket-state">
              {connected ? "WebSocket connected" : "WebSocket disconnected"}
            </span>
          </div>
        </div>
        <form className="card-body space-y-3" onSubmit={(e) => e.preventDefault()}>
          <div>
            <label className="label" htmlFor="st-name">
              Candidate name
            </label>
            <input id="st-name" className="input" value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} placeholder="Sarah Chen" />
          </div>
          <div>
            <label className="label" htmlFor="st-position">
              Position
            </label>
            <input id="st-position" className="input" value={position} onInput={(e) => setPosition((e.target as HTMLInputElement).value)} placeholder="Product Owner" />
          </div>
          <div>
            <label className="label" htmlFor="st-message">
              Message
            </label>
            <textarea
              id="st-message"
              className="input"
              rows={2}
              value={message}
              onInput={(e) => setMessage((e.target as HTMLTextAreaElement).value)}
              placeholder="Let's meet Sarah Chen for the Product Owner role"
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-outline btn-sm" onClick={testWebhook}>
              Test Webhook 'Meet'
            </button>
            <button type="button" className="btn-outline btn-sm" onClick={sendSocket}>
              Send WebSocket 'Meet'
            </button>
            <button type="button" className="btn-outline btn-sm" onClick={sendApi}>
              Send API Message
            </button>
            <button type="button" className="btn-ghost btn-sm" onClick={() => setLog([])}>
              Clear Log
            </button>
          </div>
        </form>
      </section>
      <section className="card">
        <div className="card-header">
          <h2 className="card-title">Connection log</h2>
        </div>
        <ol className="card-body max-h-96 space-y-1 overflow-y-auto font-mono text-xs" data-testid="log">
          {log.length ? (
            log.map((l, i) => (
              <li key={i} className="break-all">
                {l}
              </li>
            ))
          ) : (
            <li className="text-slate-500">Nothing yet</li>
          )}
        </ol>
      </section>
      {popup ? (
        <div role="dialog" aria-labelledby="popup-title" className="card fixed right-4 bottom-4 z-50 w-80 p-4 shadow-lg" data-testid="shortlist-popup">
          <h2 id="popup-title" className="font-semibold">
            New Candidate Detected!
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            <strong>{popup.candidateName}</strong> · {popup.position}
          </p>
          <div className="mt-3 flex gap-2">
            <button type="button" className="btn-primary btn-sm" onClick={() => act("add_to_shortlist")}>
              Add to Shortlist
            </button>
            <button type="button" className="btn-outline btn-sm" onClick={() => act("schedule_interview")}>
              Schedule Interview
            </button>
            <button type="button" className="btn-ghost btn-sm" aria-label="Close" onClick={() => setPopup(null)}>
              ×
            </button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
