import type { Deps } from "../../deps";
import { plugin, type Feature } from "../../lib/feature";
import type { Web } from "../auth/web";
import { messagesRoutes } from "./routes";
import { messagesJobs, startMailboxPolling } from "./work";
import { startMailboxIdle } from "./idle";
import { composeRoutes } from "./compose-routes";
import { sendMessageJobs } from "./send-job";
import { attachmentJobs } from "./attachment-job";
import { sequencesRoutes } from "./sequences-routes";
import { sequenceJobs } from "./sequences";

/** Members' mailboxes and the messages with candidates and contacts they hold (issue 55). */
export function createMessages(deps: Deps, web: Web): Feature {
  return {
    routes: [plugin(messagesRoutes(deps, web)), plugin(composeRoutes(deps, web)), plugin(sequencesRoutes(deps, web))],
    jobs: [...messagesJobs(deps), ...sendMessageJobs(deps), ...attachmentJobs(deps), ...sequenceJobs(deps)],
    // New mail in a mailbox whose server offers IDLE queues its sync at once; polling stays the net.
    background: [() => startMailboxPolling(deps), () => startMailboxIdle(deps)],
    api: {},
  };
}
