import { useEffect, useRef, useState } from "react";
import { toast } from "../../../client/toast";
import { api, serverMessage } from "../../../client/api";
import { loadHistory, newId, storedSessionId, storeSessionId, streamChat, type ChatMessage } from "./chat-client";
import type { ConfirmedActionAnswer, DismissedActionAnswer } from "../../../client/answers";

const greetingMessage = (greeting: string): ChatMessage => ({ id: "greeting", role: "assistant", content: greeting, timestamp: "" });

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

  /**
   * Sends a message. True when it was taken (its bubble is shown, answered or marked as not
   * sent with Retry); false when it was ignored (empty, or a send is still running).
   */
  async function send(text: string): Promise<boolean> {
    const message = text.trim();
    // The spec: an empty or whitespace-only message is ignored.
    if (!message || pending) return false;
    const answerId = newId();
    const userId = newId();
    setMessages((m) => [
      ...m,
      { id: userId, role: "user", content: message, timestamp: new Date().toISOString() },
      { id: answerId, role: "assistant", content: "", timestamp: new Date().toISOString() },
    ]);
    setPending(true);
    try {
      const reply = await streamChat({ message, sessionId: session.current }, (delta) => setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, content: x.content + delta } : x))));
      session.current = reply.sessionId;
      storeSessionId(reply.sessionId);
      setMessages((m) => m.map((x) => (x.id === answerId ? { ...x, content: reply.response, actions: reply.actions } : x)));
      return true;
    } catch (e) {
      // The text stays in its bubble, marked as not sent (not also back in the input, where
      // sending again would show it twice).
      setMessages((m) => m.filter((x) => x.id !== answerId).map((x) => (x.id === userId ? { ...x, failed: true } : x)));
      toast({ title: "Error", description: serverMessage(e) ?? "Failed to get response from AI assistant", variant: "destructive" });
      return true;
    } finally {
      setPending(false);
    }
  }

  /** Sends a message that did not get through again: its failed bubble gives way to the new one. */
  async function retry(id: string): Promise<boolean> {
    const failed = messages.find((x) => x.id === id && x.failed);
    if (!failed || pending) return false;
    setMessages((m) => m.filter((x) => x.id !== id));
    return send(failed.content);
  }

  function reset() {
    session.current = null;
    storeSessionId(null);
    setMessages([greetingMessage(greeting)]);
  }

  function note(content: string) {
    setMessages((m) => [...m, { id: newId(), role: "assistant", content, timestamp: new Date().toISOString() }]);
  }

  /** Performs a change the assistant proposed; its outcome becomes the next message. */
  async function confirm(actionId: string): Promise<void> {
    try {
      const r = await api<ConfirmedActionAnswer>(`/api/chat/actions/${encodeURIComponent(actionId)}/confirm`, { method: "POST" });
      setMessages((m) => [
        ...m.map((x) => (x.actions?.some((a) => a.id === actionId) ? { ...x, actions: x.actions.map((a) => (a.id === actionId ? { ...a, status: "done" as const, result: r.message } : a)) } : x)),
        { id: newId(), role: "assistant", content: r.message, timestamp: new Date().toISOString() },
      ]);
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Could not do that. Please try again.", variant: "destructive" });
    }
  }

  /** Turns a proposed change down; the assistant's "nothing was changed" becomes the next message. */
  async function dismiss(actionId: string): Promise<void> {
    try {
      const r = await api<DismissedActionAnswer>(`/api/chat/actions/${encodeURIComponent(actionId)}/dismiss`, { method: "POST" });
      setMessages((m) => [
        ...m.map((x) =>
          x.actions?.some((a) => a.id === actionId) ? { ...x, actions: x.actions.map((a) => (a.id === actionId ? { ...a, status: "dismissed" as const, result: "Dismissed" } : a)) } : x,
        ),
        { id: newId(), role: "assistant", content: r.message, timestamp: new Date().toISOString() },
      ]);
    } catch (e) {
      toast({ title: "Error", description: serverMessage(e) ?? "Could not do that. Please try again.", variant: "destructive" });
    }
  }

  return { messages, pending, send, retry, reset, note, confirm, dismiss, sessionId: () => session.current };
}
