// Builds dist/frank, the single binary: `bun build --compile` with the CSS, islands and
// migrations inside, and the git commit it was built from (shown by `frank --version`).
// The commit comes from FRANK_COMMIT (a container build has no .git) or from git.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

export const BUILD_FLAGS = ["--compile", "--minify-whitespace", "--minify-syntax", "--bytecode", "--format=esm"];

export function commitForBuild(): string {
  const given = process.env.FRANK_COMMIT?.trim();
  if (given) return given;
  const r = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { stdout: "pipe", stderr: "ignore" });
  const sha = r.exitCode === 0 ? r.stdout.toString().trim() : "";
  if (!sha) return "unknown";
  const dirty = Bun.spawnSync(["git", "status", "--porcelain", "--untracked-files=no"], { stdout: "pipe", stderr: "ignore" }).stdout.toString().trim();
  return dirty ? `${sha}-dirty` : sha;
}

/**
 * The entry points: the app, and the backup thread's code, which a Worker loads by path and the
 * bundler does not follow (embedded as /$bunfs/root/features/monitor/backup.worker.js, which
 * src/features/monitor/db-backup.ts names).
 */
export const ENTRY_POINTS = ["src/main.ts", "src/features/monitor/backup.worker.ts"];

/** Runs bun build (in `cwd`, the project by default); returns its exit code and output. */
export function buildBinary(outfile: string, commit = commitForBuild(), cwd?: string) {
  mkdirSync(dirname(outfile), { recursive: true });
  const args = [process.execPath, "build", ...BUILD_FLAGS, "--define", `FRANK_COMMIT=${JSON.stringify(commit)}`, ...ENTRY_POINTS, "--outfile", outfile];
  const r = Bun.spawnSync(args, { cwd, stdout: "pipe", stderr: "pipe" });
  return { exitCode: r.exitCode, output: r.stdout.toString() + r.stderr.toString(), commit };
}

if (import.meta.main) {
  const out = process.argv[2] ?? "dist/frank";
  const r = buildBinary(out);
  process.stdout.write(r.output);
  if (r.exitCode === 0) console.log(`Built ${out} (commit ${r.commit})`);
  process.exit(r.exitCode);
}
