// Islands read the JSON of /api with the types of the routes' own zod schemas (decision 0029):
// every api<T>() and every res.json() of client code names a type of src/client/answers.ts,
// and each of those is the output of a schema exported by a feature's model.ts. So a renamed
// response field fails the type check instead of a user.
import { describe, expect, test } from "bun:test";
import { Glob } from "bun";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");
const ANSWERS = `${ROOT}/src/client/answers.ts`;

function clientFiles(): string[] {
  const globs = ["src/features/*/islands/**/*.tsx", "src/ui/islands/**/*.tsx", "src/client/**/*.{ts,tsx}", "src/features/*/client/**/*.{ts,tsx}"];
  return globs.flatMap((g) => [...new Glob(g).scanSync(ROOT)]).filter((f) => !/\.test\.tsx?$/.test(f) && !f.endsWith("answers.ts") && !f.endsWith("client/api.ts"));
}

describe("islands share the routes' types", () => {
  test("answers.ts holds only outputs of schemas exported by a feature's model.ts (or views.ts)", async () => {
    const src = await Bun.file(ANSWERS).text();
    const imports = [...src.matchAll(/^import type \{([^}]+)\} from "([^"]+)";/gm)];
    const fromModels = new Set(imports.filter((m) => /^\.\.\/features\/[a-z-]+\/(model|views)$/.test(m[2]!)).flatMap((m) => m[1]!.split(",").map((s) => s.trim())));
    expect(imports.every((m) => m[2] === "zod" || /^\.\.\/features\/[a-z-]+\/(model|views)$/.test(m[2]!))).toBe(true);
    const exported = [...src.matchAll(/^export type (\w+) = (.+);$/gm)];
    expect(exported.length).toBeGreaterThan(20);
    for (const [, name, def] of exported) {
      const schema = /^Of<typeof (\w+)>$/.exec(def!)?.[1];
      expect({ name, schemaFromModel: !!schema && fromModels.has(schema) }).toEqual({ name, schemaFromModel: true });
    }
  });

  test("every JSON answer an island reads is typed by answers.ts", async () => {
    const answerNames = new Set([...(await Bun.file(ANSWERS).text()).matchAll(/^export type (\w+) =/gm)].map((m) => m[1]!));
    const wrong: string[] = [];
    let reads = 0;
    for (const file of clientFiles()) {
      const src = await Bun.file(`${ROOT}/${file}`).text();
      // api<T>(…): T must be one of the answers (a call without T reads no field of the answer).
      for (const m of src.matchAll(/\bapi<([^>(]+?)>\(/g)) {
        reads++;
        if (!answerNames.has(m[1]!.trim())) wrong.push(`${file}: api<${m[1]}>`);
      }
      // (await res.json()) as T, or json as T after reading it.
      for (const m of src.matchAll(/\bjson\(\)\)? as ([\w[\]]+)|\bjson as ([\w[\]]+)/g)) {
        reads++;
        const t = (m[1] ?? m[2])!;
        if (!answerNames.has(t)) wrong.push(`${file}: json as ${t}`);
      }
    }
    expect(reads).toBeGreaterThan(25);
    expect(wrong).toEqual([]);
  });
});
