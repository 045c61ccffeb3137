import { useEffect, useRef, useState } from "react";
import { api, serverMessage } from "../../../client/api";
import type { ChatState } from "../chat-service";
import type { ChatStateAnswer } from "../../../client/answers";

export interface VisitorChatProps {
  state: ChatState;
  /** The message of a refused answer (no-JavaScript post), shown in the chat. */
  error?: string | null;
  /** What the visitor typed when the answer was refused, so nothing is lost. */
  value?: string;
}

const BUBBLE = "max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm";

/**
 * The prequalifier and assessment chat: one question at a time. Without JavaScript each
 * answer is a form post answered by a 303; with it, the answer goes to the API and the
 * chat grows in place.
 */
export default function VisitorChat(props: VisitorChatProps) {
  const [state, setState] = useState(props.state);
  const [error, setError] = useState(props.error ?? null);
  const [value, setValue] = useState(props.value ?? "");
  const [pending, setPending] = useState(false);
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const q = state.question;
  const path = `/${state.kind}`;
  const query = state.code ? `?c=${encodeURIComponent(state.code)}` : "";

  useEffect(() => {
    if (!pending && (state.messages.length > 2 || error)) {
      if (list.current) list.current.scrollTop = list.current.scrollHeight;
      field.current?.focus();
    }
  }, [state, error, pending]);

  async function onSubmit(e: { preventDefault(): void; currentTarget: HTMLFormElement }) {
    e.preventDefault();
    if (pending || !q) return;
    const website = String(new FormData(e.currentTarget).get("website") ?? "");
    const sent = value;
    setPending(true);
    try {
      const next = await api<ChatStateAnswer>(`/api/visitors/${state.kind}/answer`, { body: { answer: sent, step: q.step, c: state.code ?? undefined, website } });
      setState(next);
      // Clear the box unless the visitor already typed the next answer while this one was sent.
      setValue((v) => (v === sent ? "" : v));
      setError(null);
    } catch (err) {
      setError(serverMessage(err) ?? "Your answer could not be sent. Please try again.");
    } finally {
      setPending(false);
    }
  }

  const inputProps = {
    ref: field,
    id: "answer",
    name: "answer",
    className: "input",
    value,
    maxLength: q?.max,
    placeholder: q?.placeholder,
    autoComplete: q?.input === "email" ? "email" : "off",
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? "answer-error" : undefined,
    onChange: (e: { currentTarget: { value: string } }) => setValue(e.currentTarget.value),
    autoFocus: !!(props.error || state.messages.length > 2),
  };

  return (
    <div className="card">
      {/* column-reverse on the scroll box keeps it scrolled to the newest message, also without JavaScript. */}
      <div id="chat" className="flex max-h-[50vh] scroll-mt-2 flex-col-reverse overflow-y-auto sm:max-h-[60vh]">
        <ol ref={list} className="flex flex-col gap-2 p-4" aria-live="polite" data-testid="chat">
          {state.messages.map((m, i) => (
            <li
              key={i}
              className={`${BUBBLE} ${m.from === "bot" ? "self-start rounded-bl-sm bg-slate-100" : "self-end rounded-br-sm bg-brand-600 text-white"}`}
              data-from={m.from}
              data-testid={i === state.messages.length - 1 && m.from === "bot" ? (q ? "current-question" : "closing-message") : undefined}
            >
              {m.text}
            </li>
          ))}
          {error ? (
            <li className={`${BUBBLE} self-start border border-red-200 bg-red-50 text-red-700`} role="alert" id="answer-error">
              {error}
            </li>
          ) : null}
        </ol>
      </div>
      {q ? (
        <form method="post" action={path + query} className="border-t border-slate-100 p-4" onSubmit={onSubmit} noValidate>
          <label className="label" htmlFor="answer">
            Your answer <span className="font-normal text-slate-600">{`· question ${q.step + 1} of ${q.total}`}</span>
          </label>
          <div className="flex items-end gap-2">
            {q.input === "textarea" ? <textarea rows={3} {...inputProps} /> : <input type={q.input === "url" ? "text" : q.input} {...inputProps} />}
            <button type="submit" className="btn-primary" disabled={pending}>
              {pending ? "Sending..." : "Send"}
            </button>
          </div>
          <input type="hidden" name="step" value={q.step} />
          {state.code ? <input type="hidden" name="c" value={state.code} /> : null}
          {/* The honeypot: off screen, so people leave it empty and form-filling bots do not. */}
          <div className="absolute -left-[10000px] h-px w-px overflow-hidden" aria-hidden="true">
            <label>
              Website <input name="website" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 p-4" data-testid="chat-done">
          {state.kind === "prequalifier" ? (
            <a className="btn-primary" href={`/assessment${query}`}>
              Continue to the assessment
            </a>
          ) : null}
          <a className={state.kind === "prequalifier" ? "btn-outline" : "btn-primary"} href={`/scheduleacall${query}`}>
            Schedule a call
          </a>
          <form method="post" action={`${path}/restart${query}`} className="ml-auto">
            <button type="submit" className="btn-ghost btn-sm">
              Start again
            </button>
          </form>
        </div>
      )}
    </div>
  );
}
