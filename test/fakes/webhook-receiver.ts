// A receiver of outgoing webhooks on 127.0.0.1: records every request and answers with the
// scripted statuses in turn (then 200), like an agency's own endpoint.
export interface Received {
  headers: Record<string, string>;
  body: string;
  path: string;
}

export function startWebhookReceiver(script: number[] = []) {
  const received: Received[] = [];
  const answers = [...script];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      received.push({ headers: Object.fromEntries(req.headers), body: await req.text(), path: new URL(req.url).pathname });
      return new Response("ok", { status: answers.shift() ?? 200 });
    },
  });
  return {
    received,
    url: (path = "/hooks") => `http://127.0.0.1:${server.port}${path}`,
    /** The next answers (replaces what is left of the script). */
    answer(next: number[]) {
      answers.splice(0, answers.length, ...next);
    },
    stop: () => server.stop(true),
  };
}
