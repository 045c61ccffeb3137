import { Island } from "../../../lib/render";
import VisitorChat from "../islands/visitor-chat";
import type { ChatState } from "../chat-service";

const HEADINGS = {
  prequalifier: { title: "Prequalifier", lead: "Tell us a little about yourself." },
  assessment: { title: "Assessment", lead: "A few questions about how you work." },
};

/** The prequalifier or assessment chat (the island enhances a form that works without JavaScript). */
export function ChatPage({
  state,
  error,
  value,
  privacy,
  assistant,
}: {
  state: ChatState;
  error?: string | null;
  value?: string;
  privacy?: { text: string; policyUrl: string };
  /** Issue 57 item 5: the one sentence saying an automated assistant asks the questions, with its page. */
  assistant?: { sentence: string; href: string };
}) {
  const h = HEADINGS[state.kind];
  return (
    <section>
      <h1 className="text-xl font-semibold">{h.title}</h1>
      <p className="mb-4 text-sm text-slate-500">
        {state.jobTitle ? (
          <>
            Applying for{" "}
            <b className="text-slate-700" data-testid="job-title">
              {state.jobTitle}
            </b>
          </>
        ) : (
          h.lead
        )}
      </p>
      {assistant ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="assistant-notice">
          {assistant.sentence}{" "}
          <a className="text-brand-600 underline" href={assistant.href}>
            What it does, and how to ask a person instead
          </a>
        </p>
      ) : null}
      {privacy ? (
        // Before the first question: what is stored and why, with the workspace's policy.
        <aside className="mb-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" aria-label="Privacy notice" data-testid="privacy-notice">
          <p>{privacy.text}</p>
          <p className="mt-1">
            <a className="text-brand-600 underline" href={privacy.policyUrl} target={privacy.policyUrl.startsWith("/") ? undefined : "_blank"} rel="noopener noreferrer">
              Privacy policy
            </a>
          </p>
        </aside>
      ) : null}
      <Island name="visitor-chat" component={VisitorChat} props={{ state, error: error ?? null, value: value ?? "" }} />
    </section>
  );
}
