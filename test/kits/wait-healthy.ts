/**
 * Waits for a Frank server started by a test to answer `/healthz`. The bound is a hang's, not a
 * start-up time's: a start that takes half a second alone takes many while the machine is busy.
 */
export async function waitHealthy(base: string, limitMs = 90_000): Promise<boolean> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return true;
    await Bun.sleep(50);
  }
  return false;
}
