import { createServer } from "node:net";

/** A port on 127.0.0.1 that nothing listens on now: the system's pick, so runs beside each other do not collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}
