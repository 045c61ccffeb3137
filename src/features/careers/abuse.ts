// Abuse of the apply form without a third party (issue 56 item 6): a field people never see,
// a minimum time between showing the form and sending it (the time is sealed in the form, so it
// cannot be forged), and limits per address and per job. Each refusal says what to do.
import { SecretBox } from "../../lib/crypto";
import { RateLimiter, type LimitSpace } from "../../lib/rate-limit";

export const MIN_FILL_MS = 3_000;
const MAX_AGE_MS = 24 * 3_600_000;
export const PER_ADDRESS = { limit: 10, windowMs: 10 * 60_000 };
export const PER_JOB = { limit: 500, windowMs: 60 * 60_000 };

export const TOO_FAST = "That was quicker than a person can fill in this form. Please check your answers and send it again.";
export const FORM_EXPIRED = "This form was open for more than a day. Please check your answers and send it again.";
export const ROBOT = "This application could not be accepted. If you are a person, please reload the page and send it again.";
const tooMany = (minutes: number) => `Too many applications were sent from your network just now. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
const jobBusy = (minutes: number) => `This job is receiving many applications right now. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

export type Refusal = { status: number; message: string; retryAfter?: number };

export class ApplyGuard {
  private readonly box: SecretBox;
  private readonly perAddress: RateLimiter;
  private readonly perJob: RateLimiter;
  constructor(
    secret: string,
    private readonly now: () => number,
    /** Where the counts live: shared by the web processes (WEB_PROCESSES), else this guard's own. */
    spaces?: { perAddress: LimitSpace; perJob: LimitSpace },
  ) {
    this.box = new SecretBox(secret, "frank:careers-apply-form");
    this.perAddress = new RateLimiter(PER_ADDRESS.limit, PER_ADDRESS.windowMs, now, spaces?.perAddress);
    this.perJob = new RateLimiter(PER_JOB.limit, PER_JOB.windowMs, now, spaces?.perJob);
  }

  /** The sealed moment the form is shown, for its hidden field. */
  started(jobId: number): string {
    return this.box.seal(`${jobId}:${this.now()}`);
  }

  /** A refusal before anything is read further, or null to go on. Counts the attempt against the limits. */
  check(input: { jobId: number; address: string; honeypot: string; started: string }): Refusal | null {
    if (input.honeypot) return { status: 400, message: ROBOT };
    let shown = NaN;
    try {
      const [job, at] = this.box.open(input.started).split(":");
      if (Number(job) === input.jobId) shown = Number(at);
    } catch {
      // a missing or forged time is refused like one too fast
    }
    const age = this.now() - shown;
    if (!Number.isFinite(age) || age < MIN_FILL_MS) return { status: 400, message: TOO_FAST };
    if (age > MAX_AGE_MS) return { status: 400, message: FORM_EXPIRED };
    const a = this.perAddress.hit(input.address);
    if (!a.ok) return { status: 429, message: tooMany(Math.max(1, Math.ceil(a.retryAfter / 60))), retryAfter: a.retryAfter };
    const j = this.perJob.hit(String(input.jobId));
    if (!j.ok) return { status: 429, message: jobBusy(Math.max(1, Math.ceil(j.retryAfter / 60))), retryAfter: j.retryAfter };
    return null;
  }
}
