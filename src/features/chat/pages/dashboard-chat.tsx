import type { Deps } from "../../../deps";
import { Island } from "../../../lib/render";
import type { Shell } from "../../../ui/shell";
import ChatPanel from "../../../../islands/chat-panel";
import { GREETING } from "../prompt";
import { assistantMode } from "../service";

/** The assistant embedded in the dashboard (part1 §2, variant 3): the same chat as /chat. */
export function DashboardChat({ deps }: { deps: Deps; shell: Shell }) {
  const mode = assistantMode(deps);
  return (
    <section className="mt-8" aria-labelledby="assistant-title">
      <div className="mb-2 flex items-center justify-between">
        <h2 id="assistant-title" className="text-lg font-semibold">Frank, your AI recruiting assistant</h2>
        <a href="/chat" className="text-sm font-medium text-brand-600 hover:underline">Open full screen</a>
      </div>
      <Island name="chat-panel" component={ChatPanel} props={{ greeting: GREETING, builtIn: mode.builtIn, model: mode.model, appOrigin: new URL(deps.config.APP_URL).origin, className: "h-[75vh]" }} />
    </section>
  );
}
