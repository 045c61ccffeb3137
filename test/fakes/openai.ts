// A fake OpenAI-compatible server on 127.0.0.1 for the chat tests: /v1/chat/completions
// with tool calls and streaming (SSE chunks), driven through the real openai SDK.
// Its "model" follows a script keyed on the last message:
//   user "find <role>"          → tool call search_candidates {role}
//   user "read #<id>"           → tool call get_candidate {id}
//   user "interview #<id>"      → tool call propose_interview {candidateId}
//   user "shortlist #<id> as X" → tool call shortlist_candidates {candidateIds, shortlistName}
//   user "explode"              → HTTP 500
//   a tool result               → text naming what the tool returned (names, booking link, proposal)
//   anything else               → an instruction found anywhere in its context (system prompt,
//                                  earlier messages, candidate data) when there is one: like a
//                                  gullible model, it obeys "shortlist #<id> as <name>" or
//                                  "interview #<id>" wherever it reads them; else "You said: <text>"
//   user "hang"                 → never answers (no headers), until the client gives up
//   user "stall"                → streams "Let me think" and then stays silent, until the client gives up
//   JSON mode (response_format json_object) → the text after "model says:" in the last message (or
//                                  after "model says base64:", decoded), else {}

export interface FakeOpenAI {
  url: string;
  requests: any[];
  stop(): void;
}

function toolCallFor(text: string): { name: string; args: Record<string, unknown> } | null {
  let m: RegExpMatchArray | null;
  if ((m = text.match(/\bfind (\w+)/i))) return { name: "search_candidates", args: { role: m[1] } };
  if ((m = text.match(/\bread #(\d+)/i))) return { name: "get_candidate", args: { id: Number(m[1]) } };
  if ((m = text.match(/\binterview #(\d+)/i))) return { name: "propose_interview", args: { candidateId: Number(m[1]), duration: 45 } };
  if ((m = text.match(/\bshortlist #(\d+) as (.+)$/i))) return { name: "shortlist_candidates", args: { candidateIds: [Number(m[1])], shortlistName: m[2] } };
  return null;
}

/** An instruction planted anywhere in the context (it reads JSON-escaped text too). */
function plantedCall(messages: { content?: unknown }[]): { name: string; args: Record<string, unknown> } | null {
  for (const m of messages) {
    const text = typeof m.content === "string" ? m.content : "";
    let found: RegExpMatchArray | null;
    if ((found = text.match(/\bshortlist #(\d+) as ([\w ]*\w)/i))) return { name: "shortlist_candidates", args: { candidateIds: [Number(found[1])], shortlistName: found[2] } };
    if ((found = text.match(/\binterview #(\d+)/i))) return { name: "propose_interview", args: { candidateId: Number(found[1]) } };
  }
  return null;
}

function answerFromTool(content: string): string {
  const data = JSON.parse(content);
  if (data.error) return `The tool said: ${data.error}`;
  if (data.status === "awaiting_confirmation") return `Proposed: ${data.summary}. Press Confirm to go ahead.`;
  if (data.candidates) return `Found ${data.total}: ${data.candidates.map((c: any) => `${c.name} (#${c.id})`).join(", ") || "nobody"}.`;
  if (data.bookingUrl) return `Booking link for ${data.candidate.name}: ${data.bookingUrl}`;
  if (data.shortlist) return `Shortlist ${data.shortlist.name} now has ${data.shortlist.size}.`;
  if (data.candidate) return `Candidate ${data.candidate.name}, ${data.candidate.role}.`;
  return "Done.";
}

const chunk = (id: string, delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created: 0, model: "fake", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export function startFakeOpenAI(): FakeOpenAI {
  const requests: any[] = [];
  let n = 0;
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    // A hanging answer must last as long as the client waits (Bun's default closes idle sockets after 10 s).
    idleTimeout: 0,
    async fetch(req) {
      const url = new URL(req.url);
      if (req.method !== "POST" || url.pathname !== "/v1/chat/completions") return new Response("not found", { status: 404 });
      const body = await req.json();
      requests.push({ body, authorization: req.headers.get("authorization") });
      const last = body.messages.at(-1);
      const id = `chatcmpl-${++n}`;
      if (last.role === "user" && /explode/.test(last.content)) return Response.json({ error: { message: "boom" } }, { status: 500 });
      // The client's abort ends both: the fake holds nothing once it has gone.
      const gone = new Promise<void>((resolve) => (req.signal.aborted ? resolve() : req.signal.addEventListener("abort", () => resolve(), { once: true })));
      if (last.role === "user" && /\bhang\b/.test(last.content)) {
        await gone;
        return new Response(null, { status: 499 });
      }
      if (last.role === "user" && /\bstall\b/.test(last.content) && body.stream) {
        const enc = new TextEncoder();
        return new Response(
          new ReadableStream({
            start(c) {
              c.enqueue(enc.encode(chunk(id, { role: "assistant" }) + chunk(id, { content: "Let me " }) + chunk(id, { content: "think" })));
              void gone.then(() => {
                try {
                  c.close();
                } catch {} // already cancelled by the client
              });
            },
          }),
          { headers: { "content-type": "text/event-stream" } },
        );
      }
      // JSON mode (a draft candidate's fields from a CV): the answer is the text after "model says:" in
      // the message, as it is (so a test can make it invalid), else an empty object.
      if (body.response_format?.type === "json_object") {
        const content = String(last.content);
        // "model says base64: …": an answer that is not itself in the message (a made-up e-mail, say).
        const coded = content.match(/model says base64:\s*([A-Za-z0-9+/=]+)/i)?.[1];
        const said = coded ? Buffer.from(coded, "base64").toString("utf8") : (content.match(/model says:\s*(.+)/i)?.[1]?.trim() ?? "{}");
        return Response.json({ id, object: "chat.completion", created: 0, model: body.model, choices: [{ index: 0, message: { role: "assistant", content: said }, finish_reason: "stop" }] });
      }
      const call = last.role === "user" && body.tools ? (toolCallFor(String(last.content)) ?? plantedCall(body.messages)) : null;
      const text = last.role === "tool" ? answerFromTool(last.content) : `You said: ${last.content}`;

      if (!body.stream) {
        const message = call
          ? { role: "assistant", content: null, tool_calls: [{ id: `call_${n}`, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args) } }] }
          : { role: "assistant", content: text };
        return Response.json({ id, object: "chat.completion", created: 0, model: body.model, choices: [{ index: 0, message, finish_reason: call ? "tool_calls" : "stop" }] });
      }
      let sse = chunk(id, { role: "assistant" });
      if (call) {
        // Arguments arrive in pieces, as real servers send them.
        const args = JSON.stringify(call.args);
        const half = Math.floor(args.length / 2);
        sse += chunk(id, { tool_calls: [{ index: 0, id: `call_${n}`, type: "function", function: { name: call.name, arguments: args.slice(0, half) } }] });
        sse += chunk(id, { tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] });
        sse += chunk(id, {}, "tool_calls");
      } else {
        for (const piece of text.match(/.{1,6}/gs) ?? []) sse += chunk(id, { content: piece });
        sse += chunk(id, {}, "stop");
      }
      sse += "data: [DONE]\n\n";
      return new Response(sse, { headers: { "content-type": "text/event-stream" } });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/v1`, requests, stop: () => server.stop(true) };
}
