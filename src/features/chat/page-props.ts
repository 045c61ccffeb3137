import type { Deps } from "../../deps";
import type { ChatDeps } from "./needs";
import { requirePermission } from "../auth/permissions";
import type { SignedIn } from "../auth/service";
import { latestCandidates } from "./candidate-cards";
import type { ChatMessage } from "./client/chat-client";
import { recentChatEvents, webhookSecret } from "./meeting-socket";
import { assistantMode, history } from "./service";

/**
 * The loaders of the chat pages: what each page shows, read before it renders (pages call no
 * service while rendering).
 */

/** Which assistant answers, and the origin the chat panel talks to. */
export interface AssistantProps {
  builtIn: boolean;
  model: string | null;
  appOrigin: string;
}

function loadAssistant(deps: Deps): AssistantProps {
  return { ...assistantMode(deps), appOrigin: new URL(deps.config.APP_URL).origin };
}

/** /chat: the conversation asked for (none for a new one). */
export function loadChatPage(deps: Deps, me: SignedIn, sessionId: string | undefined): { assistant: AssistantProps; initial: ChatMessage[]; sessionId: string | null } {
  const h = history(deps, me, sessionId);
  return { assistant: loadAssistant(deps), initial: h.messages.map((m) => ({ ...m, id: String(m.id) })), sessionId: h.sessionId };
}

/** /dashboardX: the assistant and how many candidates ground it. */
export function loadDashboardX(deps: Deps, workspaceId: number): { assistant: AssistantProps; candidates: number } {
  return { assistant: loadAssistant(deps), candidates: latestCandidates(deps, workspaceId).length };
}

/** /chat/webhook: the address, the workspace's secret and the latest chat events. */
/** /chat/webhook shows the secret: owners and admins only (the permission table). */
export function loadWebhookPage(deps: ChatDeps, me: { role: string; workspaceId: number }) {
  requirePermission(me, "chatWebhook.manage");
  const workspaceId = me.workspaceId;
  return { url: `${deps.config.APP_URL}/api/webhook/chat`, secret: webhookSecret(deps, workspaceId), events: recentChatEvents(deps, workspaceId) };
}
