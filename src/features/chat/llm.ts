import type OpenAI from "openai";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import type { Config } from "../../config/env";
import { TOOLS, runTool } from "./tools";
import type { ActionContext } from "./actions";
import { markOutsideEffect } from "../../db/busy";

/**
 * The one file that talks to a language model: the official openai SDK pointed at
 * OPENAI_BASE_URL, so OpenAI or any compatible server (Ollama, llama.cpp) works.
 * Tool calls run against the workspace's data; text streams out through onDelta.
 */
const MAX_TOOL_ROUNDS = 4;

export function modelConfigured(config: Pick<Config, "OPENAI_API_KEY" | "OPENAI_BASE_URL">): boolean {
  return !!(config.OPENAI_API_KEY || config.OPENAI_BASE_URL);
}

// The SDK is loaded on first use, keeping it off the cold start. A client per request costs an
// object (connections are pooled by the runtime's fetch), and nothing is kept between requests.
async function clientFor(config: Config): Promise<OpenAI> {
  const { default: OpenAI } = await import("openai");
  // Local servers need no key, but the SDK insists on one.
  // The SDK's own timeout is a backstop; runModel's deadlines (first token, silence) decide.
  return new OpenAI({ apiKey: config.OPENAI_API_KEY || "not-needed", baseURL: config.OPENAI_BASE_URL, maxRetries: 1, timeout: config.OPENAI_TIMEOUT_MS });
}

/** The model went quiet: no first token within OPENAI_TIMEOUT_MS, or OPENAI_STALL_MS of silence mid-answer. */
export class ModelTimeout extends Error {
  constructor(
    public readonly kind: "first-token" | "stall",
    public readonly ms: number,
  ) {
    super(kind === "first-token" ? `no token from the model within ${ms} ms` : `the model's stream was silent for ${ms} ms`);
  }
}

/**
 * A watchdog for one model request: aborts it when no token (content or a tool call) came
 * within `firstTokenMs` of the start, or, once tokens flow, when nothing came for `silenceMs`.
 */
function watchdog(firstTokenMs: number, silenceMs: number) {
  const controller = new AbortController();
  let reason: ModelTimeout | null = null;
  const arm = (t: ModelTimeout) =>
    setTimeout(() => {
      reason = t;
      controller.abort(t);
    }, t.ms);
  let timer = arm(new ModelTimeout("first-token", firstTokenMs));
  let started = false;
  return {
    signal: controller.signal,
    /** A chunk arrived; `token` when it carried content or a tool call. */
    alive(token: boolean) {
      if (!started && !token) return;
      started = true;
      clearTimeout(timer);
      timer = arm(new ModelTimeout("stall", silenceMs));
    },
    stop: () => clearTimeout(timer),
    get timedOut() {
      return reason;
    },
  };
}

interface PendingCall {
  id: string;
  name: string;
  args: string;
}

export async function runModel(config: Config, ctx: ActionContext, messages: ChatCompletionMessageParam[], onDelta: (text: string) => void): Promise<string> {
  const client = await clientFor(config);
  const convo = [...messages];
  // The model costs money and its tools may change data: this request is never run twice.
  markOutsideEffect();
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round++) {
    const dog = watchdog(config.OPENAI_TIMEOUT_MS, config.OPENAI_STALL_MS);
    let text = "";
    const calls: PendingCall[] = [];
    try {
      const stream = await client.chat.completions.create(
        {
          model: config.OPENAI_MODEL,
          messages: convo,
          // The last round offers no tools, so the model has to answer.
          ...(round < MAX_TOOL_ROUNDS ? { tools: TOOLS, tool_choice: "auto" as const } : {}),
          stream: true,
        },
        { signal: dog.signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        dog.alive(!!(delta?.content || delta?.tool_calls?.length));
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
    } catch (e) {
      throw dog.timedOut ?? e;
    } finally {
      dog.stop();
    }
    // A stream cut short after its last chunk (the watchdog fired as it ended) is still a timeout.
    if (dog.timedOut) throw dog.timedOut;
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

/**
 * One answer as a JSON object (no tools, no streaming), for work in the job queue such as the
 * fields of a draft candidate read from a CV (issue 39). Gives up at OPENAI_TIMEOUT_MS or when
 * `signal` fires; throws when the answer is not a JSON object.
 */
export async function completeJson(config: Config, messages: ChatCompletionMessageParam[], signal?: AbortSignal): Promise<Record<string, unknown>> {
  const client = await clientFor(config);
  const deadline = AbortSignal.timeout(config.OPENAI_TIMEOUT_MS);
  const res = await client.chat.completions.create(
    { model: config.OPENAI_MODEL, messages, response_format: { type: "json_object" }, temperature: 0 },
    { signal: signal ? AbortSignal.any([signal, deadline]) : deadline, maxRetries: 0 },
  );
  const text = res.choices[0]?.message?.content ?? "";
  // Some local servers wrap JSON in a code fence despite response_format.
  const json: unknown = JSON.parse(text.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ""));
  if (!json || typeof json !== "object" || Array.isArray(json)) throw new Error("the model's answer is not a JSON object");
  return json as Record<string, unknown>;
}
