import { fileURLToPath } from "node:url";

/**
 * The command that starts this program again with `args`: the single binary itself, or bun on
 * main.ts from the sources (a child for heavy work, the server's worker process).
 */
export function selfCommand(args: string[]): string[] {
  if (Bun.main.startsWith("/$bunfs/")) return [process.execPath, ...args];
  return [process.execPath, fileURLToPath(new URL("../main.ts", import.meta.url)), ...args];
}
