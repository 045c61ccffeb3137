// Browser side of the chat: streams an answer from POST /api/chat/openai/stream
// (server-sent events over fetch) and keeps the session id in localStorage.
import { ApiError } from "../../../client/api";
import { connectionBack, connectionLost, isNetworkFailure } from "../../../client/connection";
import { sessionExpired } from "../../../client/session-expired";
import type { ChatHistoryAnswer } from "../../../client/answers";

const SESSION_KEY = "frank_session_id";

/** A change the assistant proposed; it happens only when the recruiter presses Confirm. */
export interface ChatActionView {
  id: string;
  kind: string;
  summary: string;
  status: "pending" | "done" | "dismissed";
  result: string | null;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: string;
  /** A message of ours that did not get through: shown once, marked, with Retry. */
  failed?: boolean;
  actions?: ChatActionView[];
}

export interface ChatReply {
  response: string;
  sessionId: string;
  actions?: ChatActionView[];
}

export function storedSessionId(): string | null {
  try {
    return localStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

export function storeSessionId(id: string | null) {
  try {
    if (id) localStorage.setItem(SESSION_KEY, id);
    else localStorage.removeItem(SESSION_KEY);
  } catch {}
}

export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

let seq = 0;
export const newId = () => `m${Date.now().toString(36)}${(seq++).toString(36)}`;

/** Sends one message; onDelta gets the answer's text as it arrives. */
export async function streamChat(body: { message: string; sessionId: string | null }, onDelta: (text: string) => void): Promise<ChatReply> {
  let res: Response;
  try {
    res = await fetch("/api/chat/openai/stream", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ ...body, timeZone: browserTimeZone() }),
    });
  } catch (e) {
    // The server is away: the banner shows and the typed message stays (src/client/connection.ts).
    if (!isNetworkFailure(e)) throw e;
    connectionLost();
    throw new ApiError("Failed to fetch", 0, { message: "Connection lost. Send again when the connection is back." });
  }
  connectionBack();
  if (!res.ok || !res.body) {
    const text = await res.text();
    let parsed: ApiError["body"] = null;
    try {
      parsed = JSON.parse(text);
    } catch {}
    if (res.status === 401) sessionExpired();
    throw new ApiError(`${res.status}: ${text || res.statusText}`, res.status, parsed);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let reply: ChatReply | null = null;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut: number;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block.match(/^data: (.*)$/m)?.[1];
      if (!data) continue;
      const payload = JSON.parse(data);
      if (event === "delta") onDelta(payload.text);
      else if (event === "done") reply = payload;
      else if (event === "error") throw new ApiError(`502: ${payload.message}`, 502, payload);
    }
  }
  if (!reply) throw new ApiError("502: stream ended early", 502, null);
  return reply;
}

export async function loadHistory(sessionId: string): Promise<ChatMessage[]> {
  const res = await fetch(`/api/chat/history?sessionId=${encodeURIComponent(sessionId)}`, { credentials: "include" });
  if (!res.ok) return [];
  const body = (await res.json()) as ChatHistoryAnswer;
  return body.messages.map((m) => ({ ...m, id: String(m.id) }));
}
