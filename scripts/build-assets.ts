// `npm run build:assets`: the two Tailwind stylesheets side by side, then the client build
// (scripts/build-client.ts, which hashes that CSS). One process starts the others directly:
// a chain of `npm run` steps cost a Node start and npm's own loading per step.
import { spawn } from "bun";

const tailwind = (input: string, output: string) => spawn(["./node_modules/.bin/tailwindcss", "-i", input, "-o", output, "--minify"], { stdout: "inherit", stderr: "inherit" });

const css = [tailwind("src/styles/app.css", "public/build/app.css"), tailwind("src/styles/candidate.css", "public/build/candidate.css")];
const codes = await Promise.all(css.map((p) => p.exited));
if (codes.some((c) => c !== 0)) {
  console.error("the Tailwind build failed");
  process.exit(1);
}
await import("./build-client.ts");
