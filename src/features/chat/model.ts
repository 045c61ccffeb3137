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
export const ActionParam = z.object({ id: z.string().min(1).max(100).regex(/^[\w-]+$/, "Invalid action id") });
