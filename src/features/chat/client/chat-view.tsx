import { useEffect, useRef, useState, type ReactNode } from "react";
import type { ChatActionView, ChatMessage } from "./chat-client";

/**
 * Only links to this server (booking and manage pages) become clickable: the assistant's
 * text can carry addresses planted in candidate data, and those stay plain text.
 */
export function isOwnLink(href: string, appOrigin: string | undefined): boolean {
  if (!appOrigin) return false;
  try {
    return new URL(href).origin === appOrigin;
  } catch {
    return false;
  }
}

/** Text with its links to this server made clickable (booking links from the assistant). */
export function Linkified({ text, appOrigin }: { text: string; appOrigin?: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"')]+)/g);
  return (
    <>
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) && isOwnLink(p, appOrigin) ? (
          <a key={i} href={p} className="break-all text-brand-700 underline" target="_blank" rel="noopener noreferrer">
            {p}
          </a>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </>
  );
}

/**
 * A proposal of the assistant with its Confirm and Dismiss buttons (form posts without
 * JavaScript): nothing the assistant proposes happens until Confirm.
 */
function ActionCard({ action, sessionId, onConfirm, onDismiss }: { action: ChatActionView; sessionId?: string | null; onConfirm?(id: string): Promise<void>; onDismiss?(id: string): Promise<void> }) {
  const [busy, setBusy] = useState<"confirm" | "dismiss" | null>(null);
  const act = (what: "confirm" | "dismiss", run?: (id: string) => Promise<void>) => async (e: { preventDefault(): void }) => {
    if (!run) return;
    e.preventDefault();
    setBusy(what);
    try {
      await run(action.id);
    } finally {
      setBusy(null);
    }
  };
  const path = (what: string) => `/chat/actions/${encodeURIComponent(action.id)}/${what}`;
  return (
    <div className="mt-2 rounded-lg border border-slate-200 bg-white p-3 text-slate-800" data-testid="chat-action">
      <p className="text-sm">{action.summary}</p>
      {action.status === "done" ? (
        <p className="mt-2 text-xs font-medium text-emerald-700">Confirmed</p>
      ) : action.status === "dismissed" ? (
        <p className="mt-2 text-xs font-medium text-slate-600">Dismissed</p>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <form method="post" action={path("confirm")} onSubmit={act("confirm", onConfirm)}>
            <input type="hidden" name="sessionId" value={sessionId ?? ""} />
            <button type="submit" className="btn-primary btn-sm" disabled={!!busy}>
              {busy === "confirm" ? "Confirming…" : "Confirm"}
            </button>
          </form>
          <form method="post" action={path("dismiss")} onSubmit={act("dismiss", onDismiss)}>
            <input type="hidden" name="sessionId" value={sessionId ?? ""} />
            <button type="submit" className="btn-outline btn-sm" disabled={!!busy}>
              {busy === "dismiss" ? "Dismissing…" : "Dismiss"}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}

export interface ChatViewProps {
  messages: ChatMessage[];
  /** This server's origin: only links to it are rendered as links. */
  appOrigin?: string;
  /** Performs a proposed action (the Confirm button). */
  onConfirm?(actionId: string): Promise<void>;
  /** Turns a proposed action down (the Dismiss button). */
  onDismiss?(actionId: string): Promise<void>;
  pending: boolean;
  onSend(text: string): Promise<boolean>;
  onNew(): void;
  /** Sends a message marked as not sent again. */
  onRetry?(id: string): void;
  /** Session id for the form post without JavaScript. */
  sessionId?: string | null;
  title?: string;
  badge?: ReactNode;
  toolbar?: ReactNode;
  newLabel?: string;
  className?: string;
}

/**
 * The chat surface: message list, input and the New action. Enter sends, Shift+Enter
 * makes a new line. Without JavaScript the form posts to /chat.
 */
export function ChatView(props: ChatViewProps) {
  const [text, setText] = useState("");
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [props.messages]);

  async function submit() {
    const value = text;
    if (!value.trim()) return;
    setText("");
    // Only an ignored send gives the text back; a failed one keeps it in its marked bubble.
    const taken = await props.onSend(value);
    if (!taken) setText(value);
  }

  return (
    <section className={`card flex min-h-0 flex-col ${props.className ?? "h-[70vh]"}`} aria-label={props.title ?? "Chat with Frank"} data-testid="chat">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <div className="flex items-center gap-2">
          <span className="grid h-8 w-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">F</span>
          <h2 className="card-title">{props.title ?? "Frank"}</h2>
          {props.badge}
        </div>
        <div className="flex items-center gap-2">
          {props.toolbar}
          <form method="get" action="/chat" onSubmit={(e) => (e.preventDefault(), props.onNew(), setText(""))}>
            <input type="hidden" name="new" value="1" />
            <button type="submit" className="btn-outline btn-sm">
              {props.newLabel ?? "New"}
            </button>
          </form>
        </div>
      </header>
      <div ref={list} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-4" role="log" aria-live="polite" data-testid="chat-messages">
        {props.messages.map((m) => (
          <div key={m.id} className={`flex ${m.role === "user" ? "flex-col items-end" : "justify-start"}`}>
            <div
              data-role={m.role}
              data-testid={m.role === "user" ? "user-message" : "assistant-message"}
              data-failed={m.failed ? "true" : undefined}
              className={`max-w-[85%] rounded-2xl px-4 py-2 text-sm whitespace-pre-wrap ${m.role === "user" ? (m.failed ? "border border-red-300 bg-red-50 text-slate-900" : "bg-brand-600 text-white") : "bg-slate-100 text-slate-900"}`}
            >
              {m.content ? <Linkified text={m.content} appOrigin={props.appOrigin} /> : <span className="animate-pulse text-slate-500">Frank is typing…</span>}
              {m.actions?.map((a) => (
                <ActionCard key={a.id} action={a} sessionId={props.sessionId} onConfirm={props.onConfirm} onDismiss={props.onDismiss} />
              ))}
            </div>
            {m.failed ? (
              <p className="mt-1 flex items-center gap-2 text-xs text-red-700" data-testid="not-sent">
                Not sent.
                {props.onRetry ? (
                  <button type="button" className="font-medium underline" onClick={() => props.onRetry?.(m.id)} disabled={props.pending}>
                    Retry
                  </button>
                ) : null}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <form
        method="post"
        action="/chat"
        className="flex items-end gap-2 border-t border-slate-100 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input type="hidden" name="sessionId" value={props.sessionId ?? ""} />
        <label htmlFor="chat-input" className="sr-only">
          Message
        </label>
        <textarea
          id="chat-input"
          name="message"
          rows={2}
          maxLength={4000}
          className="input min-h-[2.75rem] resize-none"
          placeholder="Ask Frank about your candidates…"
          value={text}
          onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) {
              e.preventDefault();
              void submit();
            }
          }}
        />
        <button type="submit" className="btn-primary" disabled={props.pending}>
          {props.pending ? "Sending…" : "Send"}
        </button>
      </form>
    </section>
  );
}
