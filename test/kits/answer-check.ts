// Every answer an API test receives is held against /api/openapi.json as a strict client would:
// Ajv (JSON Schema draft 2020-12, OpenAPI 3.1's dialect) with its formats. An answer whose status
// the document describes must have a described content type and a body its schema accepts; a
// status described without content must come with no body. Statuses the document does not
// describe are not checked here.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { appendFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from "node:zlib";
import type { AnyElysia } from "elysia";
import { buildOpenApiDocument, type OpenApiDocument } from "../../src/features/api-docs/document";

const DOC_ID = "https://frank.invalid/openapi.json";

interface Route {
  path: string;
  pattern: RegExp;
  /** Literal segments first: /api/participants/from-files before /api/participants/{id}. */
  templated: number;
}

export interface AnswerChecker {
  /** The problems of one answer, empty when the document accepts it (or does not describe its status). */
  problems(method: string, url: string, status: number, contentType: string | null, body: string): string[];
}

const pointer = (...parts: string[]) => "#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

export function answerChecker(doc: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema({ ...doc, $id: DOC_ID } as object);
  const routes: Route[] = Object.keys(doc.paths).map((path) => ({
    path,
    pattern: new RegExp("^" + path.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+") + "/?$"),
    templated: (path.match(/\{/g) ?? []).length,
  }));
  routes.sort((a, b) => a.templated - b.templated);
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string) => {
    let v = compiled.get(ref);
    if (!v) compiled.set(ref, (v = ajv.compile({ $ref: DOC_ID + ref })));
    return v;
  };

  return {
    problems(method, url, status, contentType, body) {
      const path = new URL(url, "http://localhost").pathname;
      const m = method.toLowerCase();
      const route = routes.find((r) => r.pattern.test(path) && doc.paths[r.path]![m]);
      if (!route) return [];
      const responses = doc.paths[route.path]![m]!.responses ?? {};
      const described = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
      if (!described) return [];
      const where = `${method.toUpperCase()} ${route.path} → ${status}`;
      const content = described.content;
      if (!content) return body.length ? [`${where}: the document describes no body, the answer has ${body.length} bytes (${contentType ?? "no type"})`] : [];
      const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
      const mediaType = Object.keys(content).find((t) => t.toLowerCase() === type);
      if (!mediaType) {
        if (!body.length) return [];
        return [`${where}: the answer's type ${type || "(none)"} is not among the described ${Object.keys(content).join(", ")}`];
      }
      if (!mediaType.includes("json") || !content[mediaType]!.schema) return [];
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        return [`${where}: the answer is not JSON (${contentType}): ${body.slice(0, 80)}`];
      }
      const statusKey = responses[String(status)] ? String(status) : responses[`${String(status)[0]}XX`] ? `${String(status)[0]}XX` : "default";
      const validate = validatorFor(pointer("paths", route.path, m, "responses", statusKey, "content", mediaType, "schema"));
      if (validate(json)) return [];
      return (validate.errors ?? []).slice(0, 5).map((e) => `${where}: ${e.instancePath || "(the answer)"} ${e.message} ${JSON.stringify(e.params)}`);
    },
  };
}

const checkers = new WeakMap<AnyElysia, AnswerChecker>();

/**
 * Throws when the document describes the answer's status and refuses the answer. The answer is
 * read from a clone: the caller still gets the whole body.
 */
export async function checkAnswer(app: AnyElysia, appUrl: string, method: string, url: string, res: Response): Promise<void> {
  if (!new URL(url, "http://localhost").pathname.startsWith("/api/")) return;
  let checker = checkers.get(app);
  if (!checker) checkers.set(app, (checker = answerChecker(buildOpenApiDocument(app, appUrl))));
  if (res.bodyUsed || res.headers.get("content-type")?.startsWith("text/event-stream")) return;
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  // A compressed answer is checked as the client reads it, decompressed.
  const plain =
    encoding === "gzip" ? gunzipSync(bytes) : encoding === "br" ? brotliDecompressSync(bytes) : encoding === "deflate" ? inflateSync(bytes) : encoding === "zstd" ? zstdDecompressSync(bytes) : bytes;
  const body = plain.toString("utf8");
  const problems = checker.problems(method, url, res.status, res.headers.get("content-type"), body);
  if (!problems.length) return;
  if (process.env.FRANK_ANSWERS_LOG) return appendFileSync(process.env.FRANK_ANSWERS_LOG, problems.map((p) => p + "\n").join(""));
  throw new Error(`The answer contradicts /api/openapi.json:\n${problems.join("\n")}\n${body.slice(0, 300)}`);
}
