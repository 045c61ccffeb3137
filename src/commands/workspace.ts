// `frank workspace list`: the workspaces, their owner and how many members each has.
import { parseArgs } from "node:util";
import type { Deps } from "../deps";
import { listWorkspaces } from "../features/team/service";

export function parseWorkspaceArgs(sub: string | undefined, args: string[]) {
  if (sub !== "list") return null;
  const { values } = parseArgs({ args, options: { json: { type: "boolean", default: false } } });
  return { sub, json: !!values.json } as const;
}

export function runWorkspaceCommand(deps: Deps, cmd: NonNullable<ReturnType<typeof parseWorkspaceArgs>>): number {
  const rows = listWorkspaces(deps);
  if (cmd.json) {
    console.log(
      JSON.stringify(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        null,
        2,
      ),
    );
    return 0;
  }
  if (!rows.length) {
    console.log("No workspaces yet. Create an account with: frank user create --email E --password P");
    return 0;
  }
  const table = [["ID", "NAME", "OWNER", "MEMBERS", "CREATED"], ...rows.map((r) => [String(r.id), r.name, r.owner ?? "", String(r.members), r.createdAt.toISOString().slice(0, 16).replace("T", " ")])];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
  return 0;
}
