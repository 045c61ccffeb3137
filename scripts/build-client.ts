// Builds the client side: the island bundles (React API, bundled with preact/compat; one per
// public island, one for the workspace's),
// content-hashed CSS, gzip copies, and src/assets.gen.ts, which embeds them all
// in the binary with `type: "file"` imports. Run by scripts/build-assets.ts after the Tailwind build.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import type { BunPlugin } from "bun";
import { findIslands } from "./island-files";

const root = process.cwd();
const out = join(root, "public/build");
const islandsOut = join(out, "islands");
const entriesDir = join(root, "node_modules/.frank-island-entries");

const preactCompat: BunPlugin = {
  name: "react-to-preact",
  setup(build) {
    const map: Record<string, string> = {
      react: "preact/compat",
      "react-dom": "preact/compat",
      "react-dom/client": "preact/compat/client",
      "react/jsx-runtime": "preact/jsx-runtime",
      "react/jsx-dev-runtime": "preact/jsx-dev-runtime",
    };
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      const target = map[args.path];
      return target ? { path: Bun.resolveSync(target, root) } : undefined;
    });
  },
};

function hashOf(buf: Uint8Array) {
  return new Bun.CryptoHasher("sha256").update(buf).digest("hex").slice(0, 10);
}

// Island name → its file. An island lives in the folder of the feature whose pages mount it
// (src/features/<feature>/islands/<name>.tsx), or in src/ui/islands/ when it belongs to the page
// frame; its file name is the name pages and hydration use, so two files of one name stop the
// build (before the last build's output is removed).
const islandFiles = findIslands(root);
const islandNames = [...islandFiles.keys()].sort();

rmSync(islandsOut, { recursive: true, force: true });
rmSync(entriesDir, { recursive: true, force: true });
mkdirSync(islandsOut, { recursive: true });
mkdirSync(entriesDir, { recursive: true });

for (const name of islandNames) {
  writeFileSync(
    join(entriesDir, `${name}.tsx`),
    `import C from ${JSON.stringify(islandFiles.get(name)!)};\n` +
      `import { mountIsland } from ${JSON.stringify(resolve(root, "src/client/mount.tsx"))};\n` +
      `mountIsland(${JSON.stringify(name)}, C);\n`,
  );
}

// A page loads one script. The islands of the pages seen without signing in (sign-in, password
// reset, the candidate's chat) are each a bundle of their own: one page, one island, nothing of
// the workspace's code. Every other island goes into one workspace bundle, fetched once and
// then cached for good (immutable): a dashboard made 21 requests for its islands and their
// shared chunks, another workspace page 5, and each request cost the browser more than the
// bytes it saved.
const STANDALONE = ["login-form", "forgot-form", "reset-form", "visitor-chat"];
for (const name of STANDALONE) if (!islandNames.includes(name)) throw new Error(`the island ${name} is missing`);
const workspaceIslands = islandNames.filter((n) => !STANDALONE.includes(n));
writeFileSync(join(entriesDir, "workspace.tsx"), workspaceIslands.map((n) => `import ${JSON.stringify(join(entriesDir, `${n}.tsx`))};\n`).join(""));

const result = await Bun.build({
  entrypoints: [...STANDALONE, "workspace"].map((n) => join(entriesDir, `${n}.tsx`)),
  outdir: islandsOut,
  target: "browser",
  format: "esm",
  splitting: false,
  minify: true,
  naming: { entry: "[name]-[hash].[ext]" },
  define: { "process.env.NODE_ENV": '"production"' },
  plugins: [preactCompat],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}

// Earlier hashed outputs go; app.css (the Tailwind build's output) stays.
for (const f of readdirSync(out)) if (/-[0-9a-f]{10}\.(css|js)(\.gz)?$/.test(f)) rmSync(join(out, f));

// Plain page scripts (no framework), e.g. the booking pages' small enhancement.
const plainDir = join(root, "src/client/scripts");
const plain = existsSync(plainDir) ? readdirSync(plainDir).filter((f) => f.endsWith(".ts")) : [];
const plainNames: Record<string, string> = {};
for (const f of plain) {
  const r = await Bun.build({ entrypoints: [join(plainDir, f)], target: "browser", format: "esm", minify: true });
  if (!r.success) {
    for (const log of r.logs) console.error(log);
    process.exit(1);
  }
  const code = new Uint8Array(await r.outputs[0]!.arrayBuffer());
  const stem = basename(f, ".ts");
  const name = `${stem}-${hashOf(code)}.js`;
  writeFileSync(join(out, name), code);
  plainNames[`${stem}.js`] = name;
}

// CSS (from the Tailwind build) gets a content-hashed name.
const hashedCopy = (src: string, stem: string, ext: string) => {
  const buf = readFileSync(src);
  const name = `${stem}-${hashOf(buf)}.${ext}`;
  writeFileSync(join(out, name), buf);
  return name;
};
for (const css of ["app.css", "candidate.css"]) if (!existsSync(join(out, css))) throw new Error(`public/build/${css} missing: run npm run build:assets`);
const cssName = hashedCopy(join(out, "app.css"), "app", "css");

// Gzip copies, served when the client accepts gzip.
const files: string[] = [
  cssName,
  ...Object.values(plainNames),
  ...readdirSync(islandsOut)
    .filter((f) => f.endsWith(".js"))
    .map((f) => `islands/${f}`),
];
for (const f of files) writeFileSync(join(out, f + ".gz"), gzipSync(readFileSync(join(out, f)), { level: 9 }));

const bundleUrls: Record<string, string> = {};
for (const o of result.outputs) {
  const file = basename(o.path);
  bundleUrls[file.replace(/-[a-z0-9]+\.js$/, "")] = `/assets/islands/${file}`;
}
// Island name → the one script that mounts it.
const islandUrls: Record<string, string> = Object.fromEntries(islandNames.map((n) => [n, bundleUrls[STANDALONE.includes(n) ? n : "workspace"]!]));

const all = [...files, ...files.map((f) => f + ".gz")];
const lines = [
  "// @ts-nocheck: embedded files have no types\n// Generated by scripts/build-client.ts. Do not edit.",
  ...all.map((f, i) => `import f${i} from "../public/build/${f}" with { type: "file" };`),
  "",
  "export const assets = {",
  `  byName: ${JSON.stringify({ "app.css": `/assets/${cssName}`, ...Object.fromEntries(Object.entries(plainNames).map(([k, v]) => [k, `/assets/${v}`])) })} as Record<string, string>,`,
  "  files: {",
  ...all.map((f, i) => `    "/assets/${f}": f${i} as unknown as string,`),
  "  } as Record<string, string>,",
  "};",
  `export const islands: Record<string, string> = ${JSON.stringify(islandUrls, null, 2)};`,
  "// Stylesheets inlined in the page itself (the candidate pages: one round trip, nothing blocking).",
  `export const inlineStyles: Record<string, string> = ${JSON.stringify({ candidate: readFileSync(join(out, "candidate.css"), "utf8").trim() })};`,
  "",
];
writeFileSync(join(root, "src/assets.gen.ts"), lines.join("\n"));
const sizes = result.outputs.map((o) => `${basename(o.path)} ${o.size ?? ""}`).join(", ");
console.log(`client built: ${islandNames.length} island(s); ${sizes}`);
