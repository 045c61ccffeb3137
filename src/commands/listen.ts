import type { Config } from "../config/env";

interface Listener<T> {
  listen(opts: { port: number; hostname: string; reusePort: boolean }): T;
}

/**
 * Binds the app to the port. One web process binds it alone: a second Frank on the same port
 * would otherwise silently take half the requests (Elysia shares ports by default). Several web
 * processes share it (SO_REUSEPORT, the kernel spreads the connections); the first of them makes
 * sure the port is free before it opens it to sharing, so a stranger's server on the port is
 * still an error rather than a neighbour.
 */
export function listenOnPort<T>(app: Listener<T>, cfg: Config, opts: { shared: boolean; first: boolean }): T {
  if (opts.shared && opts.first) probePort(cfg);
  return app.listen({ port: cfg.PORT, hostname: cfg.HOST, reusePort: opts.shared });
}

function probePort(cfg: Config) {
  const probe = Bun.listen({ hostname: cfg.HOST, port: cfg.PORT, exclusive: true, socket: { data() {} } });
  probe.stop(true);
}

/** How long a parent started after a crash waits for the dead parent's web children to let the port go. */
const PORT_FREE_WAIT_MS = 10_000;

/**
 * Waits until the port can be bound alone: after a parent is killed (SIGKILL), its web children
 * notice within moments and stop, but until then they still hold the shared port. Answers at
 * once when the port is free; past the wait the bind's own error (EADDRINUSE) is thrown.
 */
export async function portFree(cfg: Config, waitMs = PORT_FREE_WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    try {
      return probePort(cfg);
    } catch (e) {
      if ((e as { code?: string }).code !== "EADDRINUSE" || Date.now() >= until) throw e;
      await Bun.sleep(100);
    }
  }
}

/** How long a stopping web process lets requests in flight finish before it closes what is still open (a monitor's socket stays open for ever). */
const CLOSE_GRACE_MS = 3000;

/** Stops taking connections; those still open after the grace time are closed. */
export async function stopListening(app: { stop(closeActiveConnections?: boolean): Promise<unknown> }, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const done = app.stop();
  if (await Promise.race([done.then(() => true), Bun.sleep(graceMs).then(() => false)])) return;
  await app.stop(true);
}
