import { ChatView } from "../client/chat-view";
import { useChat } from "../client/use-chat";
import type { ChatMessage } from "../client/chat-client";

export interface ChatPanelProps {
  greeting: string;
  builtIn: boolean;
  model: string | null;
  /** The conversation rendered by the server (/chat?s=… after a post without JavaScript). */
  initial?: ChatMessage[];
  sessionId?: string | null;
  suggestions?: string[];
  className?: string;
  /** This server's origin (APP_URL): only links to it are rendered as links. */
  appOrigin?: string;
}

/** The assistant: /chat, the dashboard's embedded chat and /dashboardX. */
export default function ChatPanel(props: ChatPanelProps) {
  const chat = useChat(props.greeting, props.initial ?? [], props.sessionId ?? null);
  const badge = (
    <span className={props.builtIn ? "badge-secondary" : "badge-success"} title={props.builtIn ? "No language model is configured" : `Model: ${props.model}`}>
      {props.builtIn ? "Built-in assistant" : props.model}
    </span>
  );
  return (
    <div className="space-y-3">
      <ChatView
        messages={chat.messages}
        pending={chat.pending}
        onSend={chat.send}
        onRetry={(id) => void chat.retry(id)}
        onNew={chat.reset}
        onConfirm={chat.confirm}
        onDismiss={chat.dismiss}
        appOrigin={props.appOrigin}
        sessionId={props.sessionId}
        badge={badge}
        className={props.className}
      />
      {props.suggestions?.length ? (
        <div className="flex flex-wrap gap-2" aria-label="Suggestions">
          {props.suggestions.map((s) => (
            <button key={s} type="button" className="btn-outline btn-sm" onClick={() => void chat.send(s)} disabled={chat.pending}>
              {s}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
