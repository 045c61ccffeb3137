/**
 * At most `n` of a kind of work at once in this process; the rest wait their turn, in order.
 * Writing an application (its candidate, files, e-mails and events) is one synchronous stretch
 * of the thread: with turns, 200 applications at once leave room between them for the other
 * pages this process answers (the booking page), instead of queueing every page behind all 200.
 */
export class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly n: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.n) await new Promise<void>((go) => this.waiting.push(go));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The turn passes straight to the next in line (running stays the same), or is given back.
      if (next) setImmediate(next);
      else this.running--;
    }
  }
}
