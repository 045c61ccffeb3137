import type OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Config } from "../../config/env";
import { TOOLS, runTool } from "./tools";
import type { ActionContext } from "./actions";

/**
 * The one file that talks to a language model: the official openai SDK pointed at
 * OPENAI_BASE_URL, so OpenAI or any compatible server (Ollama, llama.cpp) works.
 * Tool calls run against the workspace's data; text streams out through onDelta.
 */
export const MAX_TOOL_ROUNDS = 4;

export function modelConfigured(config: Pick<Config, "OPENAI_API_KEY" | "OPENAI_BASE_URL">): boolean {
  return !!(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
}

const clients = new WeakMap<object, OpenAI>();
// The SDK is loaded on first use, keeping it off the cold start.
async function clientFor(config: Config): Promise<OpenAI> {
  let c = clients.get(config);
  if (!c) {
    const { default: OpenAI } = await import("openai");
    // Local servers need no key, but the SDK insists on one.
    c = new OpenAI({ apiKey: config.OPENAI_API_KEY || "not-needed", baseURL: config.OPENAI_BASE_URL, maxRetries: 1, timeout: 60_000 });
    clients.set(config, c);
  }
  return c;
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export async function runModel(
  config: Config,
  ctx: ActionContext,
  messages: ChatCompletionMessageParam[],
  onDelta: (text: string) => void,
): Promise<string> {
  const client = await clientFor(config);
  const convo = [...messages];
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const stream = await client.chat.completions.create({
      model: config.OPENAI_MODEL,
      messages: convo,
      // The last round offers no tools, so the model has to answer.
      ...(round < MAX_TOOL_ROUNDS ? { tools: TOOLS, tool_choice: "auto" as const } : {}),
      stream: true,
    });
    let text = "";
    const calls: PendingCall[] = [];
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) {
        text += delta.content;
        onDelta(delta.content);
      }
      for (const tc of delta.tool_calls ?? []) {
        const call = (calls[tc.index] ??= { id: "", name: "", args: "" });
        if (tc.id) call.id = tc.id;
        if (tc.function?.name) call.name += tc.function.name;
        if (tc.function?.arguments) call.args += tc.function.arguments;
      }
    }
    const pending = calls.filter(Boolean);
    if (!pending.length) return text;
    convo.push({
      role: "assistant",
      content: text || null,
      tool_calls: pending.map((c, i) => ({ id: c.id || `call_${round}_${i}`, type: "function", function: { name: c.name, arguments: c.args || "{}" } })),
    });
    for (const [i, c] of pending.entries()) {
      convo.push({ role: "tool", tool_call_id: c.id || `call_${round}_${i}`, content: await runTool(ctx, c.name, c.args) });
    }
  }
  return "";
}
