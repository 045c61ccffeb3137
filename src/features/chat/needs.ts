import type { Deps } from "../../deps";
import { RateLimiter, limitSpace } from "../../lib/rate-limit";
import type { CandidatesApi } from "../candidates/api";
import type { SchedulingApi } from "../scheduling/api";
import { relayedHub } from "./hub-relay";
import { CHAT_LIMIT_PER_MINUTE, MONITOR_LIMIT_PER_MINUTE, WEBHOOK_LIMIT_PER_MINUTE } from "./model";

/** What the chat uses of scheduling and candidates (handed over by app.ts). */
export interface ChatNeeds {
  scheduling: Pick<SchedulingApi, "createSession" | "listSessions">;
  candidates: Pick<CandidatesApi, "upsertFromVisitor">;
}

/** What the chat keeps for the life of the app: the monitor's sockets (this process's, relayed between web processes) and its limits. */
export function chatState(deps: Deps) {
  const now = () => deps.clock.now().getTime();
  return {
    hub: relayedHub(deps),
    chatLimits: {
      chat: new RateLimiter(CHAT_LIMIT_PER_MINUTE, 60_000, now, limitSpace(deps, "chat.chat")),
      monitor: new RateLimiter(MONITOR_LIMIT_PER_MINUTE, 60_000, now, limitSpace(deps, "chat.monitor")),
      webhook: new RateLimiter(WEBHOOK_LIMIT_PER_MINUTE, 60_000, now, limitSpace(deps, "chat.webhook")),
    },
  };
}

/** The infrastructure, the chat's needs and its state. */
export type ChatDeps = Deps & ChatNeeds & ReturnType<typeof chatState>;
