// Asks a server's /healthz in a row (10 ms apart) from a process of its own, so nothing the bench
// does meanwhile (building and sending uploads) delays the asking, until its stdin closes; then
// prints every answer's time in ms as one JSON array. Usage: bun bench/healthz-probe.ts <base URL>
export {};

const base = process.argv[2];
if (!base) throw new Error("usage: bun bench/healthz-probe.ts <base URL>");
let going = true;
void (async () => {
  for await (const _ of Bun.stdin.stream()); // until the bench closes it
  going = false;
})();
const ms: number[] = [];
while (going) {
  const t = performance.now();
  const res = await fetch(`${base}/healthz`);
  await res.arrayBuffer();
  ms.push(performance.now() - t);
  if (res.status !== 200) throw new Error(`/healthz: ${res.status}`);
  await Bun.sleep(10);
}
console.log(JSON.stringify(ms));
