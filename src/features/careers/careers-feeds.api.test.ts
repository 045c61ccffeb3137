import { describe, expect, test } from "bun:test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { makeTestApp } from "../../../test/helpers";
import { careersWorkspace } from "../../../test/kits/careers";

const t = makeTestApp();
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  cdataPropName: "__cdata",
  isArray: (_name, jpath) => ["source.job", "rss.channel.item", "urlset.url"].includes(String(jpath)),
});
const cd = (v: unknown) => (v as { __cdata?: string } | undefined)?.__cdata ?? "";

async function xml(w: Awaited<ReturnType<typeof careersWorkspace>>, path: string) {
  const res = await w.page(`/careers/${w.slug}/${path}`);
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(XMLValidator.validate(text)).toBe(true);
  return { text, doc: parser.parse(text), type: res.headers.get("content-type") };
}

describe("feeds for job boards and search engines (issue 56 item 3)", () => {
  test("the Indeed XML feed: publisher, every open job field by field in CDATA, none closed, reference numbers stable across edits", async () => {
    const w = await careersWorkspace(t);
    await w.call("/api/careers", { method: "PUT", json: { slug: w.slug, feedEmail: "jobs@agency.example" } });
    const a = await w.job("Nurse & Midwife", {
      city: "Hobart",
      region: "TAS",
      country: "AU",
      postalCode: "7000",
      employmentType: "part_time",
      salary: { min: 40, max: 55, currency: "AUD", period: "hour" },
      description: "Shifts ]]> nights <em>and</em> days",
    });
    const b = await w.job("Remote ]]> Analyst", { remote: "remote", employmentType: "contract" });
    const c = await w.job("Closed Role");
    await w.call(`/api/jobs/${c.id}`, { method: "PATCH", json: { closed: true } });
    const draft = await w.call("/api/jobs", { json: { title: "Draft Role" } });

    const { text, doc, type } = await xml(w, "feed.xml");
    expect(type).toContain("application/xml");
    expect(text).toContain("<![CDATA[Nurse & Midwife]]>");
    const src = doc.source;
    expect(typeof src.publisher).toBe("string");
    expect(src.publisher.length).toBeGreaterThan(0);
    expect(src.publisherurl).toBe(`http://localhost/careers/${w.slug}`);
    const jobs = src.job as any[];
    // A "]]>" in a title is split across two CDATA sections and read back whole.
    const whole = (v: unknown) => [cd(v)].flat().join("");
    expect(jobs.map((j) => whole(j.title)).sort()).toEqual(["Nurse & Midwife", "Remote ]]> Analyst"]);
    expect(jobs.map((j) => cd(j.referencenumber))).not.toContain(`J${c.id}`);
    expect(jobs.map((j) => cd(j.referencenumber))).not.toContain(`J${draft.body.job.id}`);
    const ja = jobs.find((j) => cd(j.title) === "Nurse & Midwife");
    expect(cd(ja.referencenumber)).toBe(`J${a.id}`);
    expect(cd(ja.url)).toBe(`http://localhost/careers/${w.slug}/jobs/${a.id}?source=indeed`);
    expect(Date.parse(cd(ja.date))).toBeGreaterThan(0);
    expect(cd(ja.company)).toBe(src.publisher);
    expect(cd(ja.city)).toBe("Hobart");
    expect(cd(ja.state)).toBe("TAS");
    expect(cd(ja.country)).toBe("AU");
    expect(cd(ja.postalcode)).toBe("7000");
    expect(cd(ja.email)).toBe("jobs@agency.example");
    expect(cd(ja.description)).toContain("Shifts ]]&gt; nights <em>and</em> days");
    expect(cd(ja.salary)).toBe("AUD 40–55 per hour");
    expect(cd(ja.jobtype)).toBe("parttime");
    const jb = jobs.find((j) => whole(j.title) === "Remote ]]> Analyst");
    expect(cd(jb.jobtype)).toBe("contract");
    expect(cd(jb.remotetype)).toBe("Fully remote");
    expect(jb.salary).toBeUndefined();
    expect(jb.postalcode).toBeUndefined();

    // An edit (title, place) keeps the reference number.
    await w.call(`/api/jobs/${a.id}`, { method: "PATCH", json: { title: "Senior Nurse", city: "Launceston" } });
    const again = (await xml(w, "feed.xml")).doc.source.job as any[];
    const edited = again.find((j) => cd(j.referencenumber) === `J${a.id}`);
    expect(cd(edited.title)).toBe("Senior Nurse");
    expect(cd(edited.city)).toBe("Launceston");
    expect(b.id).toBeGreaterThan(0);
  });

  test("RSS 2.0: a channel with every open job, a stable guid and the feed's own source", async () => {
    const w = await careersWorkspace(t);
    const a = await w.job("Chef", { employmentType: "full_time" });
    const { doc, type } = await xml(w, "rss.xml");
    expect(type).toContain("application/rss+xml");
    expect(doc.rss["@_version"]).toBe("2.0");
    const ch = doc.rss.channel;
    expect(ch.link).toBe(`http://localhost/careers/${w.slug}`);
    expect(ch.item).toHaveLength(1);
    expect(ch.item[0].title).toBe("Chef");
    expect(ch.item[0].link).toBe(`http://localhost/careers/${w.slug}/jobs/${a.id}?source=rss`);
    expect(ch.item[0].guid["#text"]).toBe(`http://localhost/careers/${w.slug}#J${a.id}`);
    expect(ch.item[0].guid["@_isPermaLink"]).toBe("false");
    expect(cd(ch.item[0].description)).toContain("<strong>good</strong>");
    expect(ch.item[0].category).toBe("Full time");
    expect(Date.parse(ch.item[0].pubDate)).toBeGreaterThan(0);
  });

  test("the sitemap lists the list and the open jobs with lastmod; robots.txt points to it; a closed job leaves sitemap and feeds", async () => {
    const w = await careersWorkspace(t);
    const a = await w.job("Porter");
    const b = await w.job("Cleaner");
    let { doc } = await xml(w, "sitemap.xml");
    const locs = (doc.urlset.url as any[]).map((u) => u.loc);
    expect(locs).toEqual([`http://localhost/careers/${w.slug}`, `http://localhost/careers/${w.slug}/jobs/${b.id}`, `http://localhost/careers/${w.slug}/jobs/${a.id}`]);
    for (const u of doc.urlset.url as any[]) expect(Date.parse(u.lastmod)).toBeGreaterThan(0);
    const robots = await (await w.page("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: http://localhost/careers/${w.slug}/sitemap.xml`);

    await w.call(`/api/jobs/${a.id}`, { method: "PATCH", json: { closed: true } });
    ({ doc } = await xml(w, "sitemap.xml"));
    expect((doc.urlset.url as any[]).map((u) => u.loc)).not.toContain(`http://localhost/careers/${w.slug}/jobs/${a.id}`);
    const feed = (await xml(w, "feed.xml")).doc.source.job as any[];
    expect(feed.map((j) => cd(j.referencenumber))).toEqual([`J${b.id}`]);
    const rss = (await xml(w, "rss.xml")).doc.rss.channel.item as any[];
    expect(rss.map((i) => i.title)).toEqual(["Cleaner"]);
    expect(await (await w.page(`/careers/${w.slug}`)).text()).not.toContain("Porter");
  });
});
