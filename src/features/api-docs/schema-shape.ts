/**
 * A JSON Schema written the way a reader scans it: `{ name: string; note?: string | null }`, one
 * field a line, with the limits that matter (lengths, ranges, enums).
 */
type Schema = Record<string, unknown>;

export function schemaShape(schema: unknown, indent = 0): string {
  if (!schema || typeof schema !== "object") return "any";
  const s = schema as Schema;
  if (typeof s.$ref === "string") return s.$ref.split("/").pop()!;
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(union)) return union.map((u) => schemaShape(u, indent)).join(" | ");
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if ("const" in s) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string | undefined];
  const parts = type.map((t) => one(s, t, indent));
  return parts.join(" | ");
}

function one(s: Schema, type: string | undefined, indent: number): string {
  const pad = "  ".repeat(indent + 1);
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const names = Object.keys(props);
      if (!names.length) {
        const extra = s.additionalProperties;
        return extra && typeof extra === "object" ? `{ [key: string]: ${schemaShape(extra, indent)} }` : "object";
      }
      const lines = names.map((n) => `${pad}${n}${required.has(n) ? "" : "?"}: ${schemaShape(props[n], indent + 1)}${limits(props[n] as Schema)}`);
      return `{\n${lines.join("\n")}\n${"  ".repeat(indent)}}`;
    }
    case "array":
      return `Array<${schemaShape(s.items, indent)}>`;
    case "integer":
    case "number":
    case "string":
    case "boolean":
    case "null":
      return type;
    default:
      return "any";
  }
}

function limits(s: Schema | undefined): string {
  if (!s || typeof s !== "object") return "";
  const notes: string[] = [];
  if (typeof s.minLength === "number" && s.minLength > 0) notes.push(`min ${s.minLength} chars`);
  if (typeof s.maxLength === "number") notes.push(`max ${s.maxLength} chars`);
  if (typeof s.minimum === "number" && s.minimum > -Number.MAX_SAFE_INTEGER) notes.push(`≥ ${s.minimum}`);
  if (typeof s.exclusiveMinimum === "number") notes.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.maximum === "number" && s.maximum < Number.MAX_SAFE_INTEGER) notes.push(`≤ ${s.maximum}`);
  if (typeof s.format === "string") notes.push(s.format);
  return notes.length ? `  // ${notes.join(", ")}` : "";
}
