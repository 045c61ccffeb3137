// The child side of lib/cage.ts: `frank __cage <task> <params>` (or bun main.ts __cage …) reads its
// input from stdin, runs one task and writes one JSON answer on stdout. Its limits are kept from
// outside (the parent kills it, and lowers its priority); the tasks add their own cheap ones (a
// PDF's page count).
import { OverLimit, type CageAnswer } from "./lib/cage";

/** The tasks a child runs, each loaded with its own code only. */
const TASKS: Record<string, () => Promise<(input: Uint8Array, params: unknown) => Promise<unknown>>> = {
  "read-file": async () => (await import("./features/candidate-files/read-file")).readFileTask,
  "propose-rules": async () => (await import("./features/candidate-drafts/propose-rules")).proposeRulesTask,
};

async function main(): Promise<void> {
  const at = process.argv.indexOf("__cage");
  const [task = "", params = "null"] = process.argv.slice(at + 1);
  let answer: CageAnswer;
  try {
    const load = TASKS[task];
    if (!load) throw new Error(`unknown task ${task}`);
    const run = await load();
    const input = new Uint8Array(await Bun.stdin.arrayBuffer());
    answer = { ok: true, value: await run(input, JSON.parse(params)) };
  } catch (e) {
    answer = e instanceof OverLimit ? { ok: false, limit: e.limit, message: e.message } : { ok: false, error: (e instanceof Error ? e.message : String(e)).slice(0, 500) };
  }
  await Bun.write(Bun.stdout, JSON.stringify(answer));
  process.exit(0);
}

void main();
