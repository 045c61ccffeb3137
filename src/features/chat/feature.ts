import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { chatState, type ChatDeps, type ChatNeeds } from "./needs";
import { chatRoutes } from "./routes";

export interface ChatApi {
  /** The chat's services with what they need (tests call them). */
  deps: ChatDeps;
  /** Closes a member's open chat-monitor sockets (they left the workspace). */
  closeUser(userId: number): void;
}

export function createChat(deps: Deps, web: Web, needs: ChatNeeds): Feature<ChatApi> {
  const ctx: ChatDeps = { ...deps, ...needs, ...chatState(deps) };
  return { routes: [plugin(chatRoutes(ctx, web))], jobs: [], api: { deps: ctx, closeUser: (userId) => ctx.hub.closeUser(userId) } };
}
