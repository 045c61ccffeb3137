import type { Deps } from "../../../deps";
import { Island } from "../../../lib/render";
import ChatPanel from "../islands/chat-panel";
import { GREETING } from "../prompt";
import { assistantMode } from "../service";

/** What the embedded assistant needs on the first response (the dashboard's loader calls this). */
export function loadDashboardChat(deps: Deps) {
  const mode = assistantMode(deps);
  return { builtIn: mode.builtIn, model: mode.model, appOrigin: new URL(deps.config.APP_URL).origin };
}

/** The assistant embedded in the dashboard (part1 §2, variant 3): the same chat as /chat. */
export function DashboardChat({ chat }: { chat: ReturnType<typeof loadDashboardChat> }) {
  return (
    <section className="mt-8" aria-labelledby="assistant-title">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="assistant-title" className="text-lg font-semibold">
          Frank, your AI recruiting assistant
        </h2>
        <a href="/chat" className="text-sm font-medium text-brand-600 hover:underline">
          Open full screen
        </a>
      </div>
      <Island name="chat-panel" component={ChatPanel} props={{ greeting: GREETING, builtIn: chat.builtIn, model: chat.model, appOrigin: chat.appOrigin, className: "h-[75vh]" }} />
    </section>
  );
}
