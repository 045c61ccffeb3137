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
  if (opts.shared && opts.first) {
    const probe = Bun.listen({ hostname: cfg.HOST, port: cfg.PORT, exclusive: true, socket: { data() {} } });
    probe.stop(true);
  }
  return app.listen({ port: cfg.PORT, hostname: cfg.HOST, reusePort: opts.shared });
}

/** How long a stopping web process lets requests in flight finish before it closes what is still open (a monitor's socket stays open for ever). */
export const CLOSE_GRACE_MS = 3000;

/** Stops taking connections; those still open after the grace time are closed. */
export async function stopListening(app: { stop(closeActiveConnections?: boolean): Promise<unknown> }, graceMs = CLOSE_GRACE_MS): Promise<void> {
  const done = app.stop();
  if (await Promise.race([done.then(() => true), Bun.sleep(graceMs).then(() => false)])) return;
  await app.stop(true);
}
