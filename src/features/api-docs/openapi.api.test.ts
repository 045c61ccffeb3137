import { describe, expect, test } from "bun:test";
import { Validator } from "@seriousme/openapi-schema-validator";
import { makeTestApp } from "../../../test/helpers";

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
    const del = doc.paths["/api/jobs/{id}"].delete;
    expect(del.parameters[0]).toMatchObject({ name: "id", in: "path", required: true });
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
