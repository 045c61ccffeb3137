import { describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { makeTestApp } from "../../../test/helpers";
import { answerChecker } from "../../../test/kits/answer-check";
import type { OpenApiDocument } from "./document";
import { addParticipants, latestParticipants } from "../candidates/service";
import { sampleCandidates } from "../candidates/sample-data";

// Elysia's ":id" as OpenAPI writes a path template.
const templated = (path: string) => path.replace(/:([^/]+)/g, "{$1}");

const t = makeTestApp();

describe("OpenAPI", () => {
  test("/api/openapi.json is a valid OpenAPI 3.1 document", async () => {
    const res = await t.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(doc);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 1).slice(0, 3000));
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  test("every registered /api route appears, with its method", async () => {
    const doc = await (await t.request("/api/openapi.json")).json();
    const missing: string[] = [];
    for (const r of t.app.routes) {
      if (!r.path.startsWith("/api/")) continue;
      const method = r.method.toLowerCase();
      if (method === "options" || method === "ws") continue;
      const entry = doc.paths[templated(r.path)];
      if (!entry?.[method]) missing.push(`${r.method} ${r.path}`);
    }
    expect(missing).toEqual([]);
  });

  test("declared schemas, auth and the error envelope are described", async () => {
    const doc = await (await t.request("/api/openapi.json")).json();
    const create = doc.paths["/api/jobs"].post;
    expect(create.requestBody.content["application/json"].schema.required).toContain("title");
    expect(create.responses["201"].content["application/json"].schema.properties.job.properties.title.type).toBe("string");
    expect(create.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(create.responses["400"].content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
    expect(doc.components.schemas.Error.required).toEqual(["message", "code"]);
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const del = doc.paths["/api/jobs/{jobId}"].delete;
    expect(del.parameters[0]).toMatchObject({ name: "jobId", in: "path", required: true });
  });

  test("/api/docs is a readable page under the strict CSP, without scripts", async () => {
    const res = await t.request("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain("Frank API");
    expect(html).toContain("/api/jobs/{jobId}/campaigns");
    expect(html).not.toContain("<script");
  });
});

// Issue 59 item 13: a strict client validating Frank's answers against the document (Ajv,
// draft 2020-12). Every API test's answers are held against it too (test/helpers.ts); these
// name the shapes that once refused Frank's own answers.
describe("the document accepts Frank's answers", () => {
  const docOf = async () => (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;

  test("no two paths differ only in their parameters' names (OpenAPI 3.1 forbids it)", async () => {
    const doc = await docOf();
    const byShape = new Map<string, string[]>();
    for (const path of Object.keys(doc.paths)) {
      const shape = path.replace(/\{[^}]+\}/g, "{}");
      byShape.set(shape, [...(byShape.get(shape) ?? []), path]);
    }
    expect([...byShape.values()].filter((paths) => paths.length > 1)).toEqual([]);
  });

  test("a schema that allows null by type allows it in its enum", async () => {
    const wrong: string[] = [];
    const walk = (node: unknown, at: string) => {
      if (!node || typeof node !== "object") return;
      const o = node as Record<string, unknown>;
      if (Array.isArray(o.type) && o.type.includes("null") && ((Array.isArray(o.enum) && !o.enum.includes(null)) || "const" in o)) wrong.push(at);
      for (const [k, v] of Object.entries(o)) walk(v, `${at}/${k}`);
    };
    walk(await docOf(), "");
    expect(wrong).toEqual([]);
  });

  test("a signed-in member's calendar status with no calendar (provider null) and an interview with nulls validate", async () => {
    const u = await t.signUp();
    const check = answerChecker(await docOf());
    const res = await t.request("/api/calendar/status", { cookie: u.cookie });
    const body = await res.text();
    expect(JSON.parse(body).provider).toBeNull();
    expect(check.problems("GET", "/api/calendar/status", res.status, res.headers.get("content-type"), body)).toEqual([]);
    // What a strict client refuses, it reports.
    const wrong = body.replace('"provider":null', '"provider":"yahoo"');
    expect(check.problems("GET", "/api/calendar/status", 200, "application/json", wrong).join()).toContain("/provider");
  });

  test("a candidate's JSON export and the CSV export are described, with their bodies", async () => {
    const doc = await docOf();
    const json = doc.paths["/api/participants/{id}/export"]!.get!.responses!["200"]!;
    expect(Object.keys(json.content!)).toEqual(["application/json"]);
    expect((json.content!["application/json"]!.schema as { required: string[] }).required).toContain("participant");
    expect(Object.keys(doc.paths["/api/participants/export.csv"]!.get!.responses!["200"]!.content!)).toEqual(["text/csv"]);
    const u = await t.signUp();
    addParticipants(t.deps, u.workspaceId, sampleCandidates({ count: 3, now: t.clock.now(), seed: 59 }));
    const id = latestParticipants(t.deps, u.workspaceId, 1)[0]!.id;
    const check = answerChecker(doc);
    for (const url of [`/api/participants/${id}/export`, "/api/participants/export.csv"]) {
      const res = await t.request(url, { cookie: u.cookie });
      expect(res.status).toBe(200);
      expect(check.problems("GET", url, 200, res.headers.get("content-type"), await res.text())).toEqual([]);
    }
  });
});
