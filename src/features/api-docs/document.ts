import { toOpenAPISchema } from "@elysiajs/openapi";
import type { AnyElysia } from "elysia";
import { z } from "zod";
import { ErrorEnvelope } from "../../lib/route-schemas";
import { VERSION } from "../../version";
import { SESSION_COOKIE } from "../auth/service";

/** An OpenAPI 3.1 document, as far as this feature reads it. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  tags?: Array<{ name: string }>;
}
export interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: unknown; description?: string }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description: string; content?: Record<string, { schema?: unknown }>; $ref?: string }>;
  [extension: `x-${string}`]: unknown;
}

const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

// The error answers every operation may give, all in the one envelope of lib/error-envelope.ts.
const ERRORS: Record<string, string> = {
  "400": "Bad input: `message` is the first problem, `fields` names each field's",
  "401": "No valid session or API key",
  "403": "The member's role or the API key's scope does not allow this, or a cross-site request",
  "404": "Not found in this workspace",
  "429": "Too many requests: wait for the `Retry-After` header's seconds",
};

/** Zod schemas become JSON Schema 2020-12 (OpenAPI 3.1's dialect): inputs as sent, answers as returned. */
const zodToJsonSchema = (schema: unknown, io: "input" | "output" = "input") => z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: "any", target: "draft-2020-12" });

/**
 * The OpenAPI 3.1 description of every /api route of the app, from the zod schemas the routes
 * declare (params, query, body, response), their auth option and the error envelope.
 */
export function buildOpenApiDocument(app: AnyElysia, appUrl: string): OpenApiDocument {
  const generated = nullable(toOpenAPISchema(app, { staticFile: false, methods: ["options"] }, undefined, { zod: zodToJsonSchema } as never, "3.1.1")) as {
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown> };
  };
  const paths: OpenApiDocument["paths"] = {};
  const tags = new Set<string>();
  for (const [registered, item] of Object.entries(generated.paths).sort(([a], [b]) => a.localeCompare(b))) {
    if (!registered.startsWith("/api/")) continue;
    // A group's root is registered as "/api/jobs/" and answers "/api/jobs" too: documented without the slash.
    const path = openApiPath(registered);
    const operations: Record<string, Operation> = { ...paths[path] };
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      operations[method] = completeOperation(path, op);
      for (const t of operations[method].tags ?? []) tags.add(t);
    }
    if (Object.keys(operations).length) paths[path] = operations;
  }
  return {
    openapi: "3.1.1",
    info: {
      title: "Frank API",
      version: VERSION,
      description:
        "The JSON API of Frank. Authenticate with `Authorization: Bearer <API key>` (made in Settings → API keys; a read key may only GET) " +
        "or, from the app's own pages, the session cookie. Every error answers `{ message, code, fields?, requestId }`.",
    },
    servers: [{ url: appUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas: { ...generated.components.schemas, Error: stripDialect(zodToJsonSchema(ErrorEnvelope, "output")) },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key of the workspace (read or read-write scope)" },
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The signed-in browser session (state-changing requests must come from the app's own origin)" },
      },
    },
  };
}

/**
 * The generator writes a nullable enum (zod's `anyOf: [{enum}, {type: "null"}]`) as
 * `type: [T, "null"]` beside the enum (or const) it had: null passes the type and fails the
 * enum. Null joins the enum (a const becomes an enum of it and null), so the answer's null is valid.
 */
function nullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullable);
  if (!node || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) out[k] = nullable(v);
  if (Array.isArray(out.type) && out.type.includes("null")) {
    if ("const" in out) {
      out.enum = [out.const, null];
      delete out.const;
    } else if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

/** A registered route path as the document writes it: `{id}` for `:id`, no trailing slash. */
function openApiPath(path: string): string {
  const p = path.replace(/:([^/]+)/g, "{$1}");
  return p.length > 1 && p.endsWith("/") ? p.slice(0, -1) : p;
}

function completeOperation(path: string, op: Operation): Operation {
  const out: Operation = { ...op };
  // A declared path parameter the route did not describe (a route without a params schema).
  const declared = new Set((out.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name));
  for (const m of path.matchAll(/\{([^}]+)\}/g)) {
    const name = m[1]!;
    if (!declared.has(name)) out.parameters = [...(out.parameters ?? []), { name, in: "path", required: true, schema: { type: "string" } }];
  }
  if (out.parameters) out.parameters = out.parameters.map((p) => ({ ...p, schema: stripDialect(p.schema) }));
  if (out.requestBody) out.requestBody = { ...out.requestBody, content: mapContent(out.requestBody.content) };
  const responses: NonNullable<Operation["responses"]> = {};
  for (const [status, r] of Object.entries(out.responses ?? {}))
    responses[status] = { ...r, description: plainDescription(status, r.description), ...(r.content ? { content: mapContent(r.content) } : {}) };
  if (!Object.keys(responses).some((s) => s.startsWith("2") || s.startsWith("3"))) responses["200"] = { description: "Success" };
  const secured = !!out.security?.length;
  for (const [status, description] of Object.entries(ERRORS)) {
    if (!secured && (status === "401" || status === "403")) continue;
    responses[status] ??= { description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } };
  }
  out.responses = responses;
  return out;
}

const STATUS_TEXT: Record<string, string> = { "200": "OK", "201": "Created", "202": "Accepted", "204": "No content", "303": "See other" };
/** The generator's "Response for status 200" says nothing: the status's own name does. */
const plainDescription = (status: string, d: string | undefined) => (!d || d.startsWith("Response for status") ? (STATUS_TEXT[status] ?? `Status ${status}`) : d);

const mapContent = (content: Record<string, { schema?: unknown }>) => Object.fromEntries(Object.entries(content).map(([type, c]) => [type, { ...c, schema: stripDialect(c.schema) }]));

/** Each schema of the document is in the document's dialect: the per-schema `$schema` is noise. */
function stripDialect(schema: unknown): unknown {
  if (!schema || typeof schema !== "object" || Array.isArray(schema)) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}
