import { Island } from "../../../lib/render";
import { AppShell } from "../../../ui/app-shell";
import { Logo } from "../../../ui/logo";
import type { Shell } from "../../../ui/shell";
import ChatPanel from "../islands/chat-panel";
import MeetingDetection from "../islands/meeting-detection";
import ShortlistTest from "../islands/shortlist-test";
import type { ChatMessage } from "../client/chat-client";
import { GREETING } from "../prompt";
import type { AssistantProps } from "../page-props";
import { GROUNDING_LIMIT } from "../candidate-cards";

const SUGGESTIONS = ["How many candidates do I have?", "Find designers in Sydney", "Who is at screening stage 5?", "List the latest candidates"];

export function ChatPage({ assistant: mode, shell, initial, sessionId }: { assistant: AssistantProps; shell: Shell; initial: ChatMessage[]; sessionId: string | null }) {
  return (
    <AppShell shell={shell} title="Chat" wide={false}>
      <Island
        name="chat-panel"
        component={ChatPanel}
        props={{ greeting: GREETING, builtIn: mode.builtIn, model: mode.model, initial, sessionId, appOrigin: mode.appOrigin, className: "h-[calc(100dvh-9.5rem)]" }}
      />
    </AppShell>
  );
}

export function DashboardXPage({ assistant: mode, shell, candidates }: { assistant: AssistantProps; shell: Shell; candidates: number }) {
  return (
    <AppShell shell={shell} title="Chat integration test">
      <h1 className="text-2xl font-semibold">Chat integration test</h1>
      <div className="mt-4 grid gap-4 lg:grid-cols-[18rem_1fr]">
        <section className="card" aria-labelledby="status-title">
          <div className="card-header">
            <h2 id="status-title" className="card-title">
              Assistant status
            </h2>
          </div>
          <dl className="card-body space-y-3 text-sm">
            <div>
              <dt className="text-slate-500">Answers from</dt>
              <dd data-testid="assistant-mode">{mode.builtIn ? "Built-in assistant (no language model configured)" : `Language model ${mode.model}`}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Grounded in</dt>
              <dd>
                {Math.min(candidates, GROUNDING_LIMIT)} of your latest candidates (newest first, up to {GROUNDING_LIMIT})
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Tools</dt>
              <dd>search candidates, read a candidate, shortlist, propose an interview</dd>
            </div>
            <div className="flex flex-wrap gap-2 pt-2">
              <a className="btn-outline btn-sm" href="/chat">
                Open chat
              </a>
              <a className="btn-outline btn-sm" href="/meeting-detection">
                Meeting detection
              </a>
              <a className="btn-outline btn-sm" href="/shortlist-test">
                Shortlist test
              </a>
            </div>
          </dl>
        </section>
        <Island
          name="chat-panel"
          component={ChatPanel}
          props={{ greeting: GREETING, builtIn: mode.builtIn, model: mode.model, suggestions: SUGGESTIONS, appOrigin: mode.appOrigin, className: "h-[65vh]" }}
        />
      </div>
    </AppShell>
  );
}

const SAMPLES = [
  "Can we schedule an interview with Sarah Chen for the Product Owner role?",
  "Let's meet Tom Baker tomorrow",
  "I'd like to talk to Priya Patel about the UX Designer position",
  "Let's meet tomorrow at 10",
];

export function MeetingDetectionPage({ shell, appOrigin }: { shell: Shell; appOrigin: string }) {
  return (
    <AppShell shell={shell} title="Meeting detection">
      <Island name="meeting-detection" component={MeetingDetection} props={{ greeting: GREETING, samples: SAMPLES, appOrigin }} />
    </AppShell>
  );
}

export function ShortlistTestPage({ shell, webhookSecret }: { shell: Shell | null; webhookSecret: string | null }) {
  const body = (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Shortlist popup test</h1>
        {/* The secret, and its page, are an owner's or admin's (webhookSecret is null for others). */}
        {shell ? (
          webhookSecret ? (
            <a className="btn-outline btn-sm" href="/chat/webhook">
              Webhook settings
            </a>
          ) : null
        ) : (
          <a className="btn-primary btn-sm" href="/login">
            Sign in
          </a>
        )}
      </div>
      <Island name="shortlist-test" component={ShortlistTest} props={{ signedIn: !!shell, email: shell?.user.email ?? null, userId: shell?.user.id ?? null, webhookSecret }} />
    </>
  );
  if (shell)
    return (
      <AppShell shell={shell} title="Shortlist test">
        {body}
      </AppShell>
    );
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-14 max-w-7xl items-center px-4">
          <Logo href="/dashboard" />
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">{body}</main>
    </div>
  );
}
