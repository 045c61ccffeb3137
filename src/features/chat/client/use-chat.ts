import { useEffect, useRef, useState } from "react";
import { toast } from "../../../client/toast";
import { serverMessage } from "../../../client/api";
import { loadHistory, newId, storedSessionId, storeSessionId, streamChat, type ChatMessage } from "./chat-client";

export const greetingMessage = (greeting: string): ChatMessage => ({ id: "greeting", role: "assistant", content: greeting, timestamp: "" });

/**
 * Conversation state of a chat island: the greeting, the stored session id, sending with
 * a streamed answer, and New (clears conversation, session id and the stored value).
 */
export function useChat(greeting: string, initial: ChatMessage[] = [], initialSessionId: string | null = null) {
  const [messages, setMessages] = useState<ChatMessage[]>([greetingMessage(greeting), ...initial]);
  const [pending, setPending] = useState(false);
  const session = useRef<string | null>(initialSessionId);

  useEffect(() => {
    const stored = initialSessionId ?? storedSessionId();
    session.current = stored;
    if (initialSessionId) storeSessionId(initialSessionId);
    if (stored && !initial.length) {
      loadHistory(stored).then((rows) => {
        if (rows.length) setMessages([greetingMessage(greeting), ...rows]);
      });
    }
  }, []);

  async function send(text: string): Promise<boolean> {
    const message = text.trim();
    // The spec: an empty or whitespace-only message is ignored.
    if (!message || pending) return false;
    const answerId = newId();
    const questionId = newId();
    setMessages((m) => [
      ...m,
      { id: questionId, role: "user", content: message, timestamp: new Date().toISOString() },
      { id: answerId, role: "assistant", content: "", timestamp: new Date().toISOString() },
    ]);
    setPending(true);
    try {
      const reply = await streamChat({ message, sessionId: session.current }, (delta) =>
        setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, content: x.content + delta } : x))),
      );
      session.current = reply.sessionId;
      storeSessionId(reply.sessionId);
      setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, content: reply.response } : x)));
      return true;
    } catch (e) {
      // Nothing of a failed turn is stored: the question goes back into the box to send again.
      setMessages((m) => m.filter((x) => x.id !== answerId && x.id !== questionId));
      toast({ title: "Error", description: serverMessage(e) ?? "Failed to get response from AI assistant", variant: "destructive" });
      return false;
    } finally {
      setPending(false);
    }
  }

  function reset() {
    session.current = null;
    storeSessionId(null);
    setMessages([greetingMessage(greeting)]);
  }

  function note(content: string) {
    setMessages((m) => [...m, { id: newId(), role: "assistant", content, timestamp: new Date().toISOString() }]);
  }

  return { messages, pending, send, reset, note, sessionId: () => session.current };
}
