// How the tests that start Frank as a separate process (its command line, a server they kill or
// stop) run it: the single binary production runs, built once for the sources as they are
// (compiled-binary.ts, shared with binary.test.ts and container.test.ts).
//
// `bun src/main.ts` reads, transpiles and links some 940 files on every start, about three times
// the CPU of the binary's start, and these tests start it about ninety times. The browser tests'
// servers run the same binary (e2e/own-server.ts, playwright.config.ts).
import { compiledBinary } from "./compiled-binary";

let command: Promise<string[]> | null = null;

/**
 * The argv prefix that runs `frank`: append the verb and its options. Await it at the top level of
 * the test file, before its tests are collected: the first file to ask builds the binary, which on
 * a loaded machine takes longer than a test may (bun test stops a test's child processes when it
 * times out).
 */
export function frankCommand(): Promise<string[]> {
  command ??= compiledBinary().then((built) => {
    if (built.exitCode !== 0) throw new Error(`building the binary failed:\n${built.output}`);
    return [built.path];
  });
  return command;
}
