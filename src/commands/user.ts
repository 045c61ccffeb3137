// `frank user create | list | reset-password | delete`.
import { parseArgs } from "node:util";
import type { Deps } from "../deps";
import { createUser } from "../features/auth/service";
import { deleteAccount, listAccounts, setPassword } from "../features/auth/admin";
import { CreateUserInput } from "../features/auth/model";
import { AppError } from "../lib/errors";
import { addMemberDirectly } from "../features/team/invitations";
import { ROLES, type Role } from "../features/auth/permissions";

import { UsageError } from "./usage";

const emailOption = { email: { type: "string" } } as const;

/** The e-mail from --email or the first plain argument (frank user delete lin@example.com). */
function emailArg(values: { email?: string }, positionals: string[], verb: string): string {
  const email = values.email ?? positionals[0];
  if (!email) throw new UsageError(`frank user ${verb} needs --email E`);
  return email.trim().toLowerCase();
}

/** Parses the options of one user verb before anything is opened. */
export function parseUserArgs(sub: string | undefined, args: string[]) {
  switch (sub) {
    case "create": {
      const { values } = parseArgs({ args, options: { ...emailOption, password: { type: "string" }, name: { type: "string" }, workspace: { type: "string" }, role: { type: "string" } } });
      const missing = [values.email === undefined && "--email E", values.password === undefined && "--password P"].filter(Boolean);
      if (missing.length) throw new UsageError(`frank user create needs ${missing.join(" and ")}`);
      const parsed = CreateUserInput.safeParse({ email: values.email, password: values.password, name: values.name });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => `${i.message} (--${String(i.path[0] ?? "email")})`).join("\n"));
      // --workspace ID adds the account to an existing workspace with --role (default recruiter);
      // without it the account gets its own workspace and owns it.
      let workspaceId: number | null = null;
      if (values.workspace !== undefined) {
        workspaceId = Number(values.workspace);
        if (!Number.isInteger(workspaceId) || workspaceId <= 0) throw new UsageError("--workspace must be a workspace id (see frank workspace list)");
      }
      if (values.role !== undefined && !(ROLES as readonly string[]).includes(values.role)) throw new UsageError(`--role must be one of: ${ROLES.join(", ")}`);
      if (values.role !== undefined && values.role !== "owner" && workspaceId === null) throw new UsageError("--role needs --workspace ID: a new workspace's first account is its owner");
      const role = (values.role ?? (workspaceId === null ? "owner" : "recruiter")) as Role;
      return { sub, input: parsed.data, workspaceId, role } as const;
    }
    case "list": {
      const { values } = parseArgs({ args, options: { json: { type: "boolean", default: false } } });
      return { sub, json: !!values.json } as const;
    }
    case "reset-password": {
      const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...emailOption, password: { type: "string" } } });
      // frank user reset-password E [P] reads the same as the options.
      const password = values.password ?? (values.email === undefined ? positionals[1] : positionals[0]);
      if (password !== undefined && password.length < 8) throw new UsageError("Password must be at least 8 characters (--password)");
      return { sub, email: emailArg(values, positionals, sub), password } as const;
    }
    case "delete": {
      // --yes and --force are accepted for scripts that pass them; deleting never asks.
      const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { ...emailOption, yes: { type: "boolean", short: "y" }, force: { type: "boolean", short: "f" } } });
      return { sub, email: emailArg(values, positionals, sub) } as const;
    }
    default:
      return null;
  }
}

export type UserCommand = NonNullable<ReturnType<typeof parseUserArgs>>;

/** Runs a parsed user verb; returns the exit code (1 when the account is missing or taken). */
export async function runUserCommand(deps: Deps, cmd: UserCommand): Promise<number> {
  try {
    switch (cmd.sub) {
      case "create": {
        const user =
          cmd.workspaceId === null
            ? await createUser(deps, cmd.input)
            : await addMemberDirectly(deps, { workspaceId: cmd.workspaceId, email: cmd.input.email, password: cmd.input.password, name: cmd.input.name ?? null, role: cmd.role });
        console.log(`Created ${user.email} (user ${user.id}, workspace ${user.workspaceId}, ${user.role})`);
        return 0;
      }
      case "list":
        printAccounts(listAccounts(deps), cmd.json);
        return 0;
      case "reset-password": {
        const r = await setPassword(deps, cmd.email, cmd.password);
        console.log(`Password of ${r.email} changed; its sessions were ended.`);
        if (r.generated) console.log(`New password: ${r.password}`);
        return 0;
      }
      case "delete": {
        const r = deleteAccount(deps, cmd.email);
        console.log(`Deleted ${r.email}${r.workspaceDeleted ? ` and its workspace ${r.workspaceId} (it had no other account)` : ""}.`);
        return 0;
      }
    }
  } catch (e) {
    if (e instanceof AppError) {
      console.error(e.message);
      return 1;
    }
    throw e;
  }
}

function printAccounts(rows: ReturnType<typeof listAccounts>, json: boolean) {
  if (json) {
    console.log(
      JSON.stringify(
        rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        null,
        2,
      ),
    );
    return;
  }
  if (!rows.length) {
    console.log("No accounts yet. Create one with: frank user create --email E --password P");
    return;
  }
  const table = [
    ["ID", "EMAIL", "NAME", "WORKSPACE", "CREATED"],
    ...rows.map((r) => [String(r.id), r.email, r.name ?? "", `${r.workspaceId} ${r.workspaceName}`, r.createdAt.toISOString().slice(0, 16).replace("T", " ")]),
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]!))
        .join("  ")
        .trimEnd(),
    );
}
