// Helpers for the visitor API tests: a cookie jar per visitor and form posts.
import type { TestApp } from "../helpers";
import { createCampaign, createJob } from "../../src/features/jobs/service";

export class Browser {
  cookies = new Map<string, string>();
  constructor(
    private t: TestApp,
    public ip = "10.0.0.1",
  ) {}

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response) {
    for (const h of res.headers.getSetCookie()) {
      const [pair] = h.split(";");
      const i = pair!.indexOf("=");
      const name = pair!.slice(0, i);
      const value = pair!.slice(i + 1);
      if (/Max-Age=0/i.test(h) || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async get(path: string) {
    return this.keep(await this.t.request(path, { cookie: this.cookie, headers: { "x-forwarded-for": this.ip } }));
  }

  async form(path: string, fields: Record<string, string | number>) {
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    return this.keep(
      await this.t.request(path, {
        method: "POST",
        body: body.toString(),
        cookie: this.cookie,
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": this.ip },
      }),
    );
  }

  async json(path: string, json: unknown) {
    return this.keep(await this.t.request(path, { json, cookie: this.cookie, headers: { "x-forwarded-for": this.ip } }));
  }

  get visitorId() {
    return this.cookies.get("prequalifier_id");
  }
}

export const GOOD_ANSWERS = ["Ada Lovelace", "ada@example.com", "Melbourne", "Senior Developer", "https://www.linkedin.com/in/ada", "Software", "Australian citizen", "150k", "Four weeks"];

/** A recruiter with a job and a campaign link. */
export async function recruiterWithCampaign(t: TestApp, title = "Senior Developer") {
  const r = await t.signUp();
  const job = createJob(t.deps, r.workspaceId, { title, description: null, location: "Melbourne" }, "system");
  const campaign = createCampaign(t.deps, r.workspaceId, job.id, { name: "LinkedIn", label: null, description: null }, "system");
  return { ...r, job, campaign };
}

/** A visitor who finished the prequalifier of a campaign with this name and e-mail (booking an intro call needs it). */
export async function qualifiedVisitor(b: Browser, code: string, contact: { name: string; email: string } = { name: GOOD_ANSWERS[0]!, email: GOOD_ANSWERS[1]! }) {
  const answers = [contact.name, contact.email, ...GOOD_ANSWERS.slice(2)];
  for (const [i, answer] of answers.entries()) {
    const res = await b.form(`/prequalifier?c=${code}`, { answer, step: i, c: code });
    if (res.status !== 303) throw new Error(`prequalifier answer ${i} refused: ${res.status}`);
  }
  return b;
}
