import { describe, expect, test } from "bun:test";
import { Window } from "happy-dom";
import { makeTestApp } from "../../../test/helpers";
import { careersWorkspace } from "../../../test/kits/careers";

const t = makeTestApp();

/** The page's <head> and body as a browser parses them. */
function parse(html: string) {
  const w = new Window();
  return new w.DOMParser().parseFromString(html, "text/html");
}

describe("the careers site (issue 56 item 2)", () => {
  test("GET/PUT /api/careers: the address, introduction and privacy notice; a slug another workspace has is 409; a bad one 400", async () => {
    const w = await careersWorkspace(t);
    const got = await w.call("/api/careers");
    expect(got.body.site).toMatchObject({ slug: w.slug, intro: "We place nurses and engineers.", privacyNotice: "We keep your data for 12 months.", url: `http://localhost/careers/${w.slug}` });
    expect(got.body.site.feedUrl).toBe(`http://localhost/careers/${w.slug}/feed.xml`);
    const other = await careersWorkspace(t);
    const taken = await other.call("/api/careers", { method: "PUT", json: { slug: w.slug } });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.slug).toContain("Taken");
    const bad = await other.call("/api/careers", { method: "PUT", json: { slug: "Not a slug!" } });
    expect(bad.status).toBe(400);
    const reserved = await other.call("/api/careers", { method: "PUT", json: { slug: "applications" } });
    expect(reserved.body.fields.slug).toContain("reserved");
  });

  test("the list shows open jobs only, filtered and searched by the address; no script; small", async () => {
    const w = await careersWorkspace(t);
    await w.job("ICU Nurse", { city: "Melbourne", region: "VIC", country: "AU", employmentType: "full_time" });
    await w.job("Remote Engineer", { remote: "remote", remoteCountries: ["AU", "NZ"], employmentType: "contract" });
    const draft = await w.call("/api/jobs", { json: { title: "Secret Draft" } });
    const closed = await w.job("Closed Role");
    await w.call(`/api/jobs/${closed.id}`, { method: "PATCH", json: { closed: true } });
    const res = await w.page(`/careers/${w.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("ICU Nurse");
    expect(html).toContain("Remote Engineer");
    expect(html).not.toContain("Secret Draft");
    expect(html).not.toContain("Closed Role");
    expect(html).not.toContain("<script");
    expect(html).toContain("We place nurses and engineers.");
    const remote = await (await w.page(`/careers/${w.slug}?remote=remote`)).text();
    expect(remote).toContain("Remote Engineer");
    expect(remote).not.toContain("ICU Nurse");
    const searched = await (await w.page(`/careers/${w.slug}?q=icu`)).text();
    expect(searched).toContain("ICU Nurse");
    expect(searched).not.toContain("Remote Engineer");
    const placed = await (await w.page(`/careers/${w.slug}?location=${encodeURIComponent("Melbourne, VIC, AU")}&type=full_time`)).text();
    expect(placed).toContain("ICU Nurse");
    expect(placed).not.toContain("Remote Engineer");
    expect((await w.page(`/careers/${draft.body.job.id}-nope`)).status).toBe(404);
  });

  test("twenty jobs fit in 15 KB on the wire (gzip)", async () => {
    const w = await careersWorkspace(t);
    for (let i = 0; i < 20; i++)
      await w.job(`Registered Nurse ${i + 1}`, { city: "Sydney", region: "NSW", country: "AU", employmentType: "part_time", salary: { min: 90000, max: 110000, currency: "AUD", period: "year" } });
    const res = await w.page(`/careers/${w.slug}`, { "accept-encoding": "gzip" });
    const bytes = (await res.arrayBuffer()).byteLength;
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(bytes).toBeLessThan(15 * 1024);
  });

  test("a job page: the description as sanitised HTML, its facts, Apply, the client only when the job says so", async () => {
    const w = await careersWorkspace(t);
    const client = await w.call("/api/clients", { json: { name: "Northside Hospital" } });
    const job = await w.job("Theatre Nurse", { city: "Perth", country: "AU", clientId: client.body.client.id, description: "Scrub **in**.<script>alert(1)</script>" });
    let html = await (await w.page(`/careers/${w.slug}/jobs/${job.id}`)).text();
    expect(html).toContain("<strong>in</strong>");
    expect(html).not.toContain("alert(1)</script>");
    expect(html).toContain("Confidential client");
    expect(html).not.toContain("Northside Hospital");
    expect(html).toContain(`href="/careers/${w.slug}/jobs/${job.id}/apply"`);
    await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json: { showClient: true } });
    html = await (await w.page(`/careers/${w.slug}/jobs/${job.id}`)).text();
    expect(html).toContain("Northside Hospital");
  });

  test("a closed job answers 410 with a link to the list; unpublished likewise; a never-published one is 404", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Ward Clerk");
    expect((await w.page(`/careers/${w.slug}/jobs/${job.id}`)).status).toBe(200);
    await w.call(`/api/jobs/${job.id}`, { method: "PATCH", json: { closed: true } });
    const gone = await w.page(`/careers/${w.slug}/jobs/${job.id}`);
    expect(gone.status).toBe(410);
    expect(await gone.text()).toContain(`href="/careers/${w.slug}"`);
    expect((await w.page(`/careers/${w.slug}/jobs/${job.id}/apply`)).status).toBe(410);
    const other = await w.job("Porter");
    await w.call(`/api/jobs/${other.id}`, { method: "PATCH", json: { published: false } });
    expect((await w.page(`/careers/${w.slug}/jobs/${other.id}`)).status).toBe(410);
    const draft = await w.call("/api/jobs", { json: { title: "Never" } });
    expect((await w.page(`/careers/${w.slug}/jobs/${draft.body.job.id}`)).status).toBe(404);
    const past = await w.job("Expired", { validThrough: new Date(t.clock.now().getTime() + 86_400_000).toISOString() });
    // Seen (and kept) before its closing date; nothing is written after it, yet it leaves at that date.
    expect((await w.page(`/careers/${w.slug}/jobs/${past.id}`)).status).toBe(200);
    expect(await (await w.page(`/careers/${w.slug}`)).text()).toContain("Expired");
    expect(await (await w.page(`/careers/${w.slug}/feed.xml`)).text()).toContain("Expired");
    t.clock.advance(2 * 86_400_000);
    expect((await w.page(`/careers/${w.slug}/jobs/${past.id}`)).status).toBe(410);
    expect(await (await w.page(`/careers/${w.slug}`)).text()).not.toContain("Expired");
    expect(await (await w.page(`/careers/${w.slug}/feed.xml`)).text()).not.toContain("Expired");
  });
});

describe("what machines read on a job page (issue 56 item 3)", () => {
  test("JobPosting JSON-LD parsed from the HTML carries every required and recommended property; canonical and Open Graph", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Bridge Engineer", {
      city: "Melbourne",
      region: "VIC",
      country: "AU",
      postalCode: "3000",
      employmentType: "full_time",
      validThrough: "2099-03-31",
      salary: { min: 120000, max: 150000, currency: "AUD", period: "year" },
    });
    const doc = parse(await (await w.page(`/careers/${w.slug}/jobs/${job.id}`)).text());
    const ld = JSON.parse(doc.querySelector('head script[type="application/ld+json"]')!.textContent!);
    expect(ld["@context"]).toBe("https://schema.org/");
    expect(ld["@type"]).toBe("JobPosting");
    expect(ld.title).toBe("Bridge Engineer");
    expect(ld.description).toContain("<strong>good</strong>");
    expect(Date.parse(ld.datePosted)).toBeGreaterThan(0);
    expect(ld.validThrough).toBe("2099-03-31T23:59:59.000Z");
    expect(ld.employmentType).toBe("FULL_TIME");
    expect(ld.hiringOrganization).toMatchObject({ "@type": "Organization", name: expect.any(String), sameAs: `http://localhost/careers/${w.slug}` });
    expect(ld.jobLocation).toEqual({ "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Melbourne", addressRegion: "VIC", postalCode: "3000", addressCountry: "AU" } });
    expect(ld.jobLocationType).toBeUndefined();
    expect(ld.baseSalary).toEqual({ "@type": "MonetaryAmount", currency: "AUD", value: { "@type": "QuantitativeValue", minValue: 120000, maxValue: 150000, unitText: "YEAR" } });
    expect(ld.identifier).toEqual({ "@type": "PropertyValue", name: expect.any(String), value: `J${job.id}` });
    expect(ld.directApply).toBe(true);
    const url = `http://localhost/careers/${w.slug}/jobs/${job.id}`;
    expect(doc.querySelector('link[rel="canonical"]')!.getAttribute("href")).toBe(url);
    expect(doc.querySelector('meta[property="og:title"]')!.getAttribute("content")).toBe("Bridge Engineer");
    expect(doc.querySelector('meta[property="og:url"]')!.getAttribute("content")).toBe(url);
    expect(doc.querySelector('meta[property="og:type"]')!.getAttribute("content")).toBe("website");
  });

  test("a remote job is TELECOMMUTE with the countries it accepts; no salary, no baseSalary; a title with </script> stays inside the JSON", async () => {
    const w = await careersWorkspace(t);
    const job = await w.job("Support </script><b>x</b>", { remote: "remote", remoteCountries: ["NZ", "AU"] });
    const html = await (await w.page(`/careers/${w.slug}/jobs/${job.id}`)).text();
    const doc = parse(html);
    const ld = JSON.parse(doc.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(ld.title).toBe("Support </script><b>x</b>");
    expect(ld.jobLocationType).toBe("TELECOMMUTE");
    expect(ld.applicantLocationRequirements).toEqual([
      { "@type": "Country", name: "NZ" },
      { "@type": "Country", name: "AU" },
    ]);
    expect(ld.jobLocation).toBeUndefined();
    expect(ld.baseSalary).toBeUndefined();
  });
});
