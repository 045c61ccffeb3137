import pkg from "../package.json" with { type: "json" };

// Replaced by the build (scripts/build-binary.ts passes --define FRANK_COMMIT="<sha>").
declare const FRANK_COMMIT: string;

export const VERSION: string = pkg.version;

let devCommit: string | undefined;

/** The git commit the binary was built from; under `bun src/main.ts`, the work tree's. */
export function buildCommit(): string {
  if (typeof FRANK_COMMIT === "string" && FRANK_COMMIT) return FRANK_COMMIT;
  return (devCommit ??= workTreeCommit());
}

function workTreeCommit(): string {
  try {
    const r = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { cwd: import.meta.dir, stdout: "pipe", stderr: "ignore" });
    const sha = r.stdout.toString().trim();
    return r.exitCode === 0 && sha ? `${sha} (development)` : "unknown";
  } catch {
    return "unknown";
  }
}

export function versionLine(): string {
  return `frank ${VERSION} (commit ${buildCommit()})`;
}

/** This build's version (package.json), named in start-up refusals and stamped into the database. */
export const FRANK_VERSION: string = VERSION;
