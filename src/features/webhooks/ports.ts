// What the webhooks feature needs of the event record, which it may not import: the recorder's
// webhook jobs lead here (features/events/record.ts → ./record.ts). app.ts wires it (decision 0029).
import { Ports } from "../../lib/ports";
import type { recordEvent } from "../events/record";

export const webhooksPorts = new Ports<{ recordEvent: typeof recordEvent }>("webhooks", ["recordEvent"]);
