// A workspace with a careers site and published jobs, and an applicant's form post, for the
// careers tests (issue 56): everything through the HTTP API and the public pages.
import type { TestApp } from "../helpers";

export const ORIGIN = { origin: "http://localhost" };

export async function careersWorkspace(t: TestApp, slug = `agency-${Math.random().toString(36).slice(2, 8)}`) {
  const u = await t.signUp({ name: "Olive Owner" });
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const res = await t.request(path, { cookie: u.cookie, ...init });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
  };
  const site = await call("/api/careers", { method: "PUT", json: { slug, intro: "We place nurses and engineers.", privacyNotice: "We keep your data for 12 months." } });
  if (site.status !== 200) throw new Error(`careers: ${site.status} ${JSON.stringify(site.body)}`);
  /** A published job with the given posting fields; returns the job as the API shows it. */
  const job = async (title: string, fields: Record<string, unknown> = {}) => {
    const made = await call("/api/jobs", { json: { title } });
    const r = await call(`/api/jobs/${made.body.job.id}`, { method: "PATCH", json: { published: true, description: `## ${title}\n\nA **good** job.`, ...fields } });
    if (r.status !== 200) throw new Error(`job: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body.job as { id: number; title: string; [k: string]: any };
  };
  const page = (path: string, headers: Record<string, string> = {}) => t.request(path, { headers });
  return { ...u, slug, call, job, page };
}

/** The apply form as shown: its sealed start time, so a post can carry it. */
export async function startedOf(t: TestApp, slug: string, jobId: number, query = ""): Promise<string> {
  const html = await (await t.request(`/careers/${slug}/jobs/${jobId}/apply${query}`)).text();
  const m = /name="started" value="([^"]+)"/.exec(html);
  if (!m) throw new Error("no started field");
  return m[1]!;
}

export interface Applicant {
  name?: string;
  email?: string;
  phone?: string;
  linkedin?: string;
  note?: string;
  privacy?: boolean;
  cv?: { bytes: Uint8Array; name: string } | null;
  answers?: Record<string, string>;
  source?: string;
  website?: string;
  started?: string;
  ip?: string;
}

/** Posts the apply form as a browser without JavaScript would (multipart), after the minimum time. */
export async function apply(t: TestApp, slug: string, jobId: number, a: Applicant = {}, wait = 5_000): Promise<Response> {
  const started = a.started ?? (await startedOf(t, slug, jobId));
  t.clock.advance(wait);
  const form = new FormData();
  form.append("started", started);
  form.append("source", a.source ?? "");
  form.append("website", a.website ?? "");
  form.append("name", a.name ?? "Ada Applicant");
  form.append("email", a.email ?? "ada@example.com");
  form.append("phone", a.phone ?? "+61 400 000 000");
  form.append("linkedin", a.linkedin ?? "");
  form.append("note", a.note ?? "");
  if (a.privacy !== false) form.append("privacy", "yes");
  for (const [k, v] of Object.entries(a.answers ?? {})) form.append(`q_${k}`, v);
  const cv = a.cv === undefined ? { bytes: new TextEncoder().encode("Ada Applicant\nRegistered nurse, 8 years in ICU."), name: "ada.txt" } : a.cv;
  if (cv) form.append("cv", new File([cv.bytes as Uint8Array<ArrayBuffer>], cv.name));
  return t.request(`/careers/${slug}/jobs/${jobId}/apply`, { method: "POST", body: form, headers: { ...ORIGIN, ...(a.ip ? { "x-forwarded-for": a.ip } : {}) } });
}
