import { describe, expect, test } from "bun:test";
import { makeTestApp } from "../../../test/helpers";
import { addMember } from "../../../test/kits/team";

// Issue 57 on the pages, without JavaScript: the job's criteria as one plain form posting to
// /jobs/{id}/criteria (the API's checks and messages, the activity log, the suggestions follow),
// and "Add to job" / "Not a fit" from a candidate's Suggested jobs.

const t = makeTestApp();
const FORM = { "content-type": "application/x-www-form-urlencoded" };

async function workspace() {
  const u = await t.signUp({ name: "Rita Recruiter" });
  const api = async (path: string, init: { method?: string; json?: unknown; cookie?: string } = {}) => {
    const res = await t.request(path, { ...init, cookie: init.cookie ?? u.cookie });
    expect(res.status, `${path}`).toBeLessThan(300);
    return (await res.json()) as any;
  };
  const post = (path: string, fields: Record<string, string>, cookie = u.cookie) => t.request(path, { method: "POST", body: new URLSearchParams(fields), headers: FORM, cookie });
  const page = async (path: string, cookie = u.cookie) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, html: await res.text() };
  };
  const csv = [
    "name,emailAddress,city,jobTitle,skills,summary",
    'Wendy Stock,wendy@example.com,Leeds,Warehouse operative,"Forklift licence, picking and packing, stock control",Six years in a distribution warehouse.',
    'Pia Python,pia@example.com,Leeds,Developer,"Python, Django",Backend work.',
  ].join("\n");
  await t.request("/api/participants/import", { method: "POST", body: csv, headers: { "content-type": "text/csv" }, cookie: u.cookie });
  const people = (await api("/api/participants?limit=10")).participants as { id: number; name: string }[];
  const id = (name: string) => people.find((p) => p.name === name)!.id;
  const description = "Requirements:\n- A forklift licence\n- Picking and packing\n\nBased in Leeds.";
  const job = (await api("/api/jobs", { json: { title: "Warehouse Operative", description, location: "Leeds" } })).job.id as number;
  return { ...u, api, post, page, job, wendy: id("Wendy Stock"), pia: id("Pia Python") };
}

/** The form's fields for the saved or proposed rows as the page shows them. */
const row = (i: number, r: { kind: string; label: string; weight?: string; mustHave?: boolean; terms?: string; remove?: boolean; added?: boolean; id?: string }) => ({
  [`kind${i}`]: r.kind,
  [`label${i}`]: r.label,
  [`weight${i}`]: r.weight ?? "2",
  [`terms${i}`]: r.terms ?? "",
  ...(r.mustHave ? { [`mustHave${i}`]: "on" } : {}),
  ...(r.remove ? { [`remove${i}`]: "on" } : {}),
  ...(r.added ? { [`added${i}`]: "1" } : {}),
  ...(r.id ? { [`id${i}`]: r.id } : {}),
});

describe("the job's criteria on its page", () => {
  test("shown as a form with a row per criterion and a blank row; saved, changed, removed and added by plain posts", async () => {
    const w = await workspace();
    const { html } = await w.page(`/jobs/${w.job}`);
    expect(html).toContain("This job&#x27;s criteria (");
    expect(html).toContain(`action="/jobs/${w.job}/criteria"`);
    expect(html).toContain("Propose from the description");
    expect(html).not.toContain("This job's criteria (JSON)");
    const proposed = (await w.api(`/api/jobs/${w.job}/criteria`)).criteria as { id: string; kind: string; label: string; weight: number; mustHave: boolean; terms: string[] }[];
    proposed.forEach((c, i) => expect(html).toContain(`name="label${i}" value="${c.label}"`));
    const blank = proposed.length;
    expect(html).toContain(`name="added${blank}" value="1"`);
    expect(proposed.map((c) => c.label)).toContain("Forklift licence");
    expect(proposed.map((c) => c.label)).toContain("Warehouse");

    // Remove "Warehouse", change "Forklift licence" (weight 1, nice-to-have, other words), keep the rest, add one in the blank row.
    let fields: Record<string, string> = {};
    proposed.forEach((c, i) => {
      const terms = c.terms.filter((x) => x !== c.label).join(", ");
      const changed = c.label === "Forklift licence";
      fields = {
        ...fields,
        ...row(i, {
          id: c.id,
          kind: c.kind,
          label: c.label,
          weight: changed ? "1" : String(c.weight),
          mustHave: changed ? false : c.mustHave,
          terms: changed ? "FLT, counterbalance" : terms,
          remove: c.label === "Warehouse",
        }),
      };
    });
    fields = { ...fields, ...row(blank, { kind: "skill", label: "Stock control", weight: "1", added: true }) };
    const res = await w.post(`/jobs/${w.job}/criteria`, fields);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/jobs/${w.job}`);
    const saved = await w.api(`/api/jobs/${w.job}/criteria`);
    expect(saved.source).toBe("recruiter");
    const expected = [...proposed.filter((c) => c.label !== "Warehouse").map((c) => c.label), "Stock control"];
    expect(saved.criteria.map((c: any) => c.label)).toEqual(expected);
    const licence = proposed.find((c) => c.label === "Forklift licence")!;
    expect(saved.criteria.find((c: any) => c.label === "Forklift licence")).toEqual({
      id: licence.id,
      kind: licence.kind,
      label: "Forklift licence",
      mustHave: false,
      weight: 1,
      terms: ["Forklift licence", "FLT", "counterbalance"],
      years: null,
    });
    expect(saved.criteria.at(-1)).toEqual({ id: "skill-stock-control", kind: "skill", label: "Stock control", mustHave: false, weight: 1, terms: ["Stock control"], years: null });
    // The other rows kept as they were.
    for (const c of proposed.filter((c) => c.label !== "Warehouse" && c.label !== "Forklift licence"))
      expect(saved.criteria.find((x: any) => x.id === c.id)).toMatchObject({ kind: c.kind, weight: c.weight, mustHave: c.mustHave, terms: c.terms });
    // In the activity log as the API writes it.
    const log = await w.api("/api/workspace/activity?action=job.criteria_changed");
    expect(JSON.stringify(log)).toContain(`Warehouse Operative: ${expected.length} criteria`);
    // The suggestions follow the saved criteria: Wendy's stock control is judged, Warehouse no longer.
    const matches = (await w.api(`/api/jobs/${w.job}/matches`)).matches as any[];
    const wendy = matches.find((m) => m.candidate.id === w.wendy);
    expect(wendy.criteria.map((c: any) => c.label)).toEqual(expected);
    expect(wendy.criteria.find((c: any) => c.label === "Stock control").status).toBe("met");
    // And the page shows them as saved.
    const again = (await w.page(`/jobs/${w.job}`)).html;
    expect(again).toContain("Saved by your team.");
    expect(again).toContain(`name="label${expected.length - 1}" value="Stock control"`);
  });

  test("a refused save shows the form again with the API's messages at the fields and nothing typed lost", async () => {
    const w = await workspace();
    const before = await w.api(`/api/jobs/${w.job}/criteria`);
    const fields = {
      ...row(0, { kind: "skill", label: "", weight: "2" }),
      ...row(1, { kind: "skill", label: "Pallet jack", weight: "7", terms: "pump truck" }),
      ...row(2, { kind: "skill", label: "", added: true }),
    };
    const res = await w.post(`/jobs/${w.job}/criteria`, fields);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Each criterion needs a label");
    expect(html).toContain("Weight is 1, 2 or 3");
    // Each message sits at its field.
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="crit-label0-error"[^>]*name="label0"/);
    expect(html).toMatch(/id="crit-weight1-error"[^>]*>Weight is 1, 2 or 3/);
    // What was typed is there again.
    expect(html).toContain('name="label1" value="Pallet jack"');
    expect(html).toContain('name="weight1" value="7"');
    expect(html).toContain('name="terms1" value="pump truck"');
    // The same message the API gives for the same list.
    const viaApi = await t.request(`/api/jobs/${w.job}/criteria`, { method: "PUT", json: { criteria: [{ kind: "skill", label: "Pallet jack", weight: 7 }] }, cookie: w.cookie });
    expect(viaApi.status).toBe(400);
    expect(((await viaApi.json()) as any).message).toBe("Weight is 1, 2 or 3");
    // Nothing saved.
    expect(await w.api(`/api/jobs/${w.job}/criteria`)).toEqual(before);
    // A kind that is not one of the five.
    const bad = await w.post(`/jobs/${w.job}/criteria`, row(0, { kind: "age", label: "Under 30" }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Kind is skill, qualification, language, location or experience");
  });

  test("Propose from the description shows the rules' proposal again, unsaved, after the recruiter's own list", async () => {
    const w = await workspace();
    await w.api(`/api/jobs/${w.job}/criteria`, { method: "PUT", json: { criteria: [{ kind: "skill", label: "Python" }] } });
    const { html } = await w.page(`/jobs/${w.job}/criteria?propose=1`);
    expect(html).toContain("Proposed again from the job&#x27;s description. Nothing is saved until you save.");
    expect(html).toMatch(/name="label\d+" value="Forklift licence"/);
    expect(html).not.toContain('value="Python"');
    expect((await w.api(`/api/jobs/${w.job}/criteria`)).criteria.map((c: any) => c.label)).toEqual(["Python"]);
  });

  test("only who may edit the job gets the form; another workspace's job is not found; signed out goes to sign in", async () => {
    const w = await workspace();
    const recruiter = await addMember(t, w.cookie, "recruiter");
    expect((await w.post(`/jobs/${w.job}/criteria`, row(0, { kind: "skill", label: "Forklift" }), recruiter.cookie)).status).toBe(303);
    // A member whose role may not edit jobs sees the criteria, without a form, and a post is refused.
    const viewer = await addMember(t, w.cookie, "recruiter");
    t.deps.db.$client.prepare("update users set role = 'viewer' where id = ?").run(viewer.id);
    const seen = await w.page(`/jobs/${w.job}`, viewer.cookie);
    expect(seen.status).toBe(200);
    expect(seen.html).toContain("Skill: Forklift · nice-to-have · weight 2");
    expect(seen.html).not.toContain(`action="/jobs/${w.job}/criteria"`);
    const refused = await w.post(`/jobs/${w.job}/criteria`, row(0, { kind: "skill", label: "Welding" }), viewer.cookie);
    expect(refused.status).toBe(303);
    expect(refused.headers.get("location")).toBe(`/jobs/${w.job}`);
    expect((await w.api(`/api/jobs/${w.job}/criteria`)).criteria.map((c: any) => c.label)).toEqual(["Forklift"]);
    // Another workspace.
    const other = await t.signUp();
    const foreign = await w.post(`/jobs/${w.job}/criteria`, row(0, { kind: "skill", label: "Welding" }), other.cookie);
    expect(foreign.status).toBe(303);
    expect((await w.page(`/jobs/${w.job}/criteria`, other.cookie)).status).toBe(404);
    expect((await w.api(`/api/jobs/${w.job}/criteria`)).criteria.map((c: any) => c.label)).toEqual(["Forklift"]);
    // Signed out.
    const out = await t.request(`/jobs/${w.job}/criteria`, { method: "POST", body: new URLSearchParams(row(0, { kind: "skill", label: "x" })), headers: FORM });
    expect([302, 303]).toContain(out.status);
    expect(out.headers.get("location")).toContain("/login");
  });
});

describe("Suggested jobs on a candidate's page", () => {
  test("Add to job puts them on the job's board at its first stage and marks the row; the suggestion is accepted", async () => {
    const w = await workspace();
    const before = await w.page(`/candidates/${w.wendy}`);
    expect(before.html).toContain(`data-suggested-job="${w.job}"`);
    expect(before.html).toContain(`action="/candidates/${w.wendy}/suggested-jobs/${w.job}/add"`);
    const res = await w.post(`/candidates/${w.wendy}/suggested-jobs/${w.job}/add`, {});
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/candidates/${w.wendy}`);
    // On the job's board, at its first stage.
    const apps = (await w.api(`/api/jobs/${w.job}/applications`)).applications as any[];
    expect(apps.map((a) => a.candidateId)).toEqual([w.wendy]);
    expect(apps[0].stageId).toBe((await w.api("/api/pipeline")).stages[0].id);
    const after = await w.page(`/candidates/${w.wendy}`);
    const item = after.html.slice(after.html.indexOf(`data-suggested-job="${w.job}"`));
    expect(item.slice(0, 2000)).toContain("Already on this job");
    expect(after.html).not.toContain(`action="/candidates/${w.wendy}/suggested-jobs/${w.job}/add"`);
    const s = (await w.api(`/api/participants/${w.wendy}/suggestions`)).suggestions as any[];
    expect(s.find((x) => x.subject === `job:${w.job}`).decision.status).toBe("accepted");
    // A second add is refused (already on the job) and goes back with the reason.
    const twice = await w.post(`/candidates/${w.wendy}/suggested-jobs/${w.job}/add`, {});
    expect(twice.status).toBe(303);
    expect(twice.headers.get("set-cookie")).toContain("frank_flash=");
  });

  test("Not a fit with a reason hides the job for that candidate, recorded as the job side records it; a blank reason is refused", async () => {
    const w = await workspace();
    const blank = await w.post(`/candidates/${w.wendy}/suggested-jobs/${w.job}/not-a-fit`, { reason: " " });
    expect(blank.status).toBe(303);
    const flash = decodeURIComponent(blank.headers.get("set-cookie") ?? "").match(/frank_flash=([^;]+)/)![1]!;
    expect(Buffer.from(flash, "base64url").toString()).toContain("Say why they are not a fit");
    expect((await w.page(`/candidates/${w.wendy}`)).html).toContain(`data-suggested-job="${w.job}"`);

    const res = await w.post(`/candidates/${w.wendy}/suggested-jobs/${w.job}/not-a-fit`, { reason: "Moving to Spain" });
    expect(res.status).toBe(303);
    expect((await w.page(`/candidates/${w.wendy}`)).html).not.toContain(`data-suggested-job="${w.job}"`);
    const s = (await w.api(`/api/participants/${w.wendy}/suggestions`)).suggestions as any[];
    expect(s.find((x) => x.subject === `job:${w.job}`).decision).toMatchObject({ status: "dismissed", reason: "Moving to Spain" });
    // The job's side hides them too (one record of the decision), and the activity log has it.
    expect(((await w.api(`/api/jobs/${w.job}/matches`)).matches as any[]).some((m) => m.candidate.id === w.wendy)).toBe(false);
    expect(JSON.stringify(await w.api("/api/workspace/activity?action=match.not_a_fit"))).toContain("Not a fit for Warehouse Operative");
    // Another workspace's member cannot act on this candidate.
    const other = await t.signUp();
    const foreign = await w.post(`/candidates/${w.wendy}/suggested-jobs/${w.job}/add`, {}, other.cookie);
    expect(foreign.status).toBe(303);
    expect(((await w.api(`/api/jobs/${w.job}/matches`)).matches as any[]).some((m) => m.onJob)).toBe(false);
  });
});
