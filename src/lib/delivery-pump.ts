import type { Clock } from "./clock";
import type { Logger } from "./log";

/**
 * Runs a worker's passes: at once when kicked (after a commit that wrote rows), then again
 * when the next row falls due. One pass at a time per worker; a kick during a pass makes
 * one more pass. Timers are unref'd so a worker never keeps a process alive.
 */
export class DeliveryPump {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private halted = false;

  constructor(
    private readonly name: string,
    private readonly pass: () => Promise<void>,
    private readonly nextDue: () => number | null,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  kick(): void {
    if (this.halted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    try {
      do {
        this.again = false;
        await this.pass();
      } while (this.again && !this.halted);
    } catch (e) {
      // SQLITE_BUSY while another process writes, or a bug: try again shortly.
      this.log.error(`${this.name}: pass failed`, { error: e instanceof Error ? e.message : String(e) });
    } finally {
      this.running = null;
      this.schedule();
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.halted) return;
    let at: number | null;
    try {
      at = this.nextDue();
    } catch {
      at = this.clock.now().getTime() + 1000;
    }
    if (at == null) return;
    const delay = Math.min(60_000, Math.max(250, at - this.clock.now().getTime()));
    this.timer = setTimeout(() => this.kick(), delay);
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** After stop(): kicks do nothing, so no pass will come. */
  get stopped(): boolean {
    return this.halted;
  }

  /** Resolves when no pass is running (tests, the CLI). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** No new passes; waits up to `graceMs` for the running one. */
  async stop(graceMs: number): Promise<void> {
    this.halted = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.running) await Promise.race([this.running, Bun.sleep(graceMs)]);
  }
}
