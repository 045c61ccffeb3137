import { z } from "zod";

/** Abuse limits (issue 7): message length, history sent to the model, rate per user. */
export const MAX_MESSAGE_CHARS = 4000;
export const MAX_HISTORY_MESSAGES = 20;
export const MAX_HISTORY_CHARS = 16_000;
export const CHAT_LIMIT_PER_MINUTE = 20;
export const MONITOR_LIMIT_PER_MINUTE = 60;
export const WEBHOOK_LIMIT_PER_MINUTE = 120;

export const EMPTY_MESSAGE = "Please enter a message";
export const TOO_LONG = `Messages can be at most ${MAX_MESSAGE_CHARS} characters`;

const message = z
  .string({ error: EMPTY_MESSAGE })
  .max(MAX_MESSAGE_CHARS, TOO_LONG)
  .refine((v) => v.trim().length > 0, EMPTY_MESSAGE);

/** POST /api/chat/openai: {message, sessionId} (timeZone lets interviews be proposed in the recruiter's zone). */
export const ChatInput = z.object({
  message,
  sessionId: z.string().max(100).nullish(),
  timeZone: z.string().max(64).optional(),
});
export type ChatInput = z.infer<typeof ChatInput>;

export const HistoryQuery = z.object({ sessionId: z.string().max(100).optional() });

const text = (max: number) => z.string().trim().max(max).nullish();

/** POST /api/chat-events (part2 §3, Chat event payload). */
export const ChatEventInput = z.object({
  type: z.enum(["meeting_detected", "add_to_shortlist", "schedule_interview"], { error: "Unknown event type" }),
  userId: z.union([z.string().max(100), z.number()]).nullish(),
  candidateId: z.coerce.number().int().positive().nullish(),
  candidateName: text(200),
  position: text(200),
  message: text(MAX_MESSAGE_CHARS),
  timeZone: z.string().max(64).optional(),
});
export type ChatEventInput = z.infer<typeof ChatEventInput>;

/** POST /api/webhook/chat: {text, userId}. */
export const WebhookInput = z.object({
  text: z.string({ error: "text is required" }).max(MAX_MESSAGE_CHARS, TOO_LONG),
  userId: z.union([z.string().max(100), z.number()]).nullish(),
});

/** What the chat-monitor socket receives: {text, userId, timestamp}. */
export const MonitorMessage = z.object({
  text: z.string().max(MAX_MESSAGE_CHARS),
  userId: z.union([z.string().max(100), z.number()]).nullish(),
  timestamp: z.union([z.string().max(64), z.number()]).nullish(),
});

export interface ChatReply {
  response: string;
  sessionId: string;
  /** Changes the assistant proposed in this answer, to confirm with POST /api/chat/actions/{id}/confirm. */
  actions?: import("./proposals").ChatAction[];
}

export interface ShortlistPopup {
  type: "shortlist_popup";
  candidateName: string;
  position: string;
}

/** POST /api/chat/actions/{id}/confirm. */
export const ActionParam = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\w-]+$/, "Invalid action id"),
});

// ---- Answers (docs/decisions/0020): every field the service returns, or it would be dropped ----

/** A change the assistant proposed (proposals.ts ChatAction). */
const ChatActionView = z.object({
  id: z.string(),
  kind: z.enum(["shortlist_candidates", "propose_interview"]),
  summary: z.string(),
  status: z.enum(["pending", "done", "dismissed"]),
  result: z.string().nullable(),
});

export const ChatReplyView = z.object({ response: z.string(), sessionId: z.string(), actions: z.array(ChatActionView).optional() });

export const ConfirmedAction = z.object({ action: ChatActionView, message: z.string(), bookingUrl: z.string().optional() });
export const DismissedAction = z.object({ action: ChatActionView, message: z.string() });

export const ChatHistory = z.object({
  sessionId: z.string().nullable(),
  messages: z.array(z.object({ id: z.number().int(), role: z.enum(["user", "assistant"]), content: z.string(), timestamp: z.string(), actions: z.array(ChatActionView).optional() })),
});

export const ChatEventAnswer = z.object({
  success: z.literal(true),
  candidate: z.object({ id: z.number().int(), name: z.string().nullable(), position: z.string() }),
  shortlist: z.object({ id: z.number().int(), name: z.string(), size: z.number().int() }).optional(),
  bookingUrl: z.string().optional(),
});

/** POST /api/webhook/chat: whether a meeting request was seen, and to how many open pages it went. */
export const WebhookAnswer = z.object({
  message: z.string(),
  candidate: z.object({ name: z.string(), position: z.string() }).nullable(),
  delivered: z.number().int().optional(),
});

/** POST /chat (no JavaScript): the message and the conversation it belongs to. */
export const ChatForm = z.object({ message: z.string().optional(), sessionId: z.string().optional() });
/** POST /chat/actions/{id}/confirm (no JavaScript): the conversation to go back to. */
export const ConfirmForm = z.object({ sessionId: z.string().optional() });
/** GET /chat?s=…&new=1 */
export const ChatPageQuery = z.object({ s: z.string().optional(), new: z.string().optional() });
