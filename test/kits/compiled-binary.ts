// The single binary that binary.test.ts and container.test.ts run, built once for both: `bun build
// --compile` costs a few CPU-seconds, and the two files may run in different test processes.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, resolve } from "node:path";
import { tmpdir } from "node:os";
import { BUILD_FLAGS, ENTRY_POINTS, buildBinary, commitForBuild } from "../../scripts/build-binary";

/** What goes into the binary: the code, the built assets, the migrations, the locked packages. */
function inputsHash(commit: string): string {
  const h = createHash("sha256").update(`${Bun.version} ${BUILD_FLAGS.join(" ")} ${ENTRY_POINTS.join(" ")} ${commit}\n`);
  const add = (path: string) => {
    for (const entry of readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = join(path, entry.name);
      if (entry.isDirectory()) add(p);
      else h.update(`${p}\n`).update(readFileSync(p));
    }
  };
  for (const dir of ["src", "public/build", "migrations"]) if (existsSync(dir)) add(dir);
  for (const file of ["package.json", "package-lock.json"]) h.update(readFileSync(file));
  return h.digest("hex").slice(0, 16);
}

/**
 * Binaries of earlier sources (about 100 MB each, one per change to the sources) are removed when
 * a new one is built; one built in the last hour may still be in use by another checkout's run.
 */
function pruneOutdated(current: string) {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(tmpdir())) {
    const p = join(tmpdir(), name);
    if (!/^frank-compiled-[0-9a-f]{16}$/.test(name) || p === current) continue;
    if ((statSync(p, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) < hourAgo) rmSync(p, { recursive: true, force: true });
  }
}

export interface CompiledBinary {
  path: string;
  exitCode: number;
  output: string;
  commit: string;
}

/**
 * The binary for the sources as they are, built on first use and kept in the temporary folder
 * under the hash of its inputs. A second process asking while the first builds waits for it.
 */
export async function compiledBinary(): Promise<CompiledBinary> {
  const commit = commitForBuild();
  const dir = join(tmpdir(), `frank-compiled-${inputsHash(commit)}`);
  const result = join(dir, "result.json");
  const lock = `${dir}.lock`;
  for (let waited = 0; waited < 180_000; waited += 200) {
    if (existsSync(result)) return { path: join(dir, "frank"), ...(JSON.parse(readFileSync(result, "utf8")) as Omit<CompiledBinary, "path">) };
    try {
      mkdirSync(lock);
    } catch {
      // Another process is building it; a build takes seconds, so an old lock is one left by a
      // process that was killed while building.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 120_000) rmSync(lock, { recursive: true, force: true });
      else await Bun.sleep(200);
      continue;
    }
    try {
      // Built under a name of its own and renamed into place whole.
      const building = `${dir}.building`;
      rmSync(building, { recursive: true, force: true });
      // Built from a copy of the sources that is gone before the binary runs, as on a server:
      // a binary that still reads a file of the checkout (a worker's code, say) fails here.
      const sources = `${dir}.sources`;
      rmSync(sources, { recursive: true, force: true });
      mkdirSync(sources);
      for (const p of ["src", "public", "migrations", "package.json", "tsconfig.json", "bunfig.toml"]) if (existsSync(p)) cpSync(p, join(sources, p), { recursive: true });
      symlinkSync(resolve("node_modules"), join(sources, "node_modules"));
      let r: ReturnType<typeof buildBinary>;
      try {
        r = buildBinary(resolve(building, "frank"), commit, sources);
      } finally {
        rmSync(sources, { recursive: true, force: true });
      }
      if (r.exitCode !== 0) return { path: join(building, "frank"), ...r };
      writeFileSync(join(building, "result.json"), JSON.stringify(r));
      renameSync(building, dir);
      pruneOutdated(dir);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  throw new Error(`the binary in ${dir} was not built within 3 minutes`);
}

// `bun test/kits/compiled-binary.ts` prints the binary's path (building it first if need be): how
// the browser tests start their servers on the same binary the unit tests run.
if (import.meta.main) {
  const built = await compiledBinary();
  if (built.exitCode !== 0) {
    process.stderr.write(`building the binary failed:\n${built.output}`);
    process.exit(1);
  }
  console.log(built.path);
}
