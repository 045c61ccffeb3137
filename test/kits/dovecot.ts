// A real IMAP server for the mailbox tests: Debian's Dovecot (dovecot-imapd), started with its own
// configuration, users and Maildir in a temporary folder, listening on a loopback port. Mail
// reaches it over real SMTP: `startDeliverySmtp` takes a message and files it into the
// recipient's INBOX (what an MTA with local delivery does), or it is put straight into a folder.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import { ImapFlow } from "imapflow";
import { SMTPServer } from "smtp-server";
import { freePort } from "./free-port";

const DOVECOT = "/usr/sbin/dovecot";
export const dovecotInstalled = existsSync(DOVECOT);

export interface TestDovecot {
  host: "127.0.0.1";
  port: number;
  /** Adds a user (address = login) with a password; their Maildir is made on first login. */
  addUser(user: string, password: string): void;
  /** Puts a raw RFC 5322 message into a folder of a user's mailbox (IMAP APPEND). */
  append(user: string, raw: string, folder?: string, flags?: string[]): Promise<void>;
  stop(): Promise<void>;
}

function waitForPort(port: number, deadline: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const tryOnce = () => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => {
        s.destroy();
        resolve();
      });
      s.once("error", () => {
        s.destroy();
        if (Date.now() > deadline) reject(new Error(`dovecot did not listen on ${port}`));
        else setTimeout(tryOnce, 50);
      });
    };
    tryOnce();
  });
}

export async function startDovecot(): Promise<TestDovecot> {
  const dir = mkdtempSync(join(tmpdir(), "frank-dovecot-"));
  const port = await freePort();
  // Dovecot runs as whoever runs the tests (root in CI, a developer at home): its mail and internal users are that one.
  const id = (flag: string) => execFileSync("id", [flag], { encoding: "utf8" }).trim();
  const me = { username: id("-un"), group: id("-gn"), uid: Number(id("-u")), gid: Number(id("-g")) };
  // As root, Dovecot's login and internal processes drop to the users its package made.
  const asRoot = me.uid === 0;
  // Dovecot keeps no mail as uid 0: as root, the mail belongs to its own "dovecot" user.
  const mailUid = asRoot ? Number(execFileSync("id", ["-u", "dovecot"], { encoding: "utf8" }).trim()) : me.uid;
  const mailGid = asRoot ? Number(execFileSync("id", ["-g", "dovecot"], { encoding: "utf8" }).trim()) : me.gid;
  for (const d of ["run", "state", "mail"]) mkdirSync(join(dir, d));
  // Its auth process (another user when root) reads the users file through the folder.
  chmodSync(dir, 0o711);
  if (asRoot) chownSync(join(dir, "mail"), mailUid, mailGid);
  const usersFile = join(dir, "users");
  const passwords = new Map<string, string>();
  writeFileSync(usersFile, "");
  writeFileSync(
    join(dir, "dovecot.conf"),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 0
default_internal_user = ${asRoot ? "dovecot" : me.username}
default_internal_group = ${asRoot ? "dovecot" : me.group}
default_login_user = ${asRoot ? "dovenull" : me.username}
mail_location = maildir:${dir}/mail/%u
mail_uid = ${mailUid}
mail_gid = ${mailGid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = static
  args = uid=${mailUid} gid=${mailGid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0600
  }
  unix_listener stats-writer {
    mode = 0600
  }
}
protocol imap {
  imap_idle_notify_interval = 1 secs
}
`,
  );
  const proc: ChildProcess = spawn(DOVECOT, ["-F", "-c", join(dir, "dovecot.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  proc.stderr?.on("data", (c: Buffer) => (errors += c.toString()));
  try {
    await waitForPort(port, Date.now() + 10_000);
  } catch (e) {
    proc.kill("SIGKILL");
    const log = existsSync(join(dir, "dovecot.log")) ? readFileSync(join(dir, "dovecot.log"), "utf8") : "";
    throw new Error(`${(e as Error).message}\n${errors}\n${log}`);
  }
  const addUser = (user: string, password: string) => {
    passwords.set(user, password);
    writeFileSync(usersFile, [...passwords].map(([u, p]) => `${u}:{PLAIN}${p}`).join("\n") + "\n");
  };
  const append = async (user: string, raw: string, folder = "INBOX", flags: string[] = []) => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user, pass: passwords.get(user) ?? "" }, logger: false });
    await client.connect();
    try {
      if (folder !== "INBOX") await client.mailboxCreate(folder).catch(() => {});
      await client.append(folder, raw, flags);
    } finally {
      await client.logout();
    }
  };
  return {
    host: "127.0.0.1",
    port,
    addUser,
    append,
    async stop() {
      const exited = new Promise<void>((r) => proc.once("exit", () => r()));
      proc.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (proc.exitCode === null) proc.kill("SIGKILL");
      if (!process.env.KEEP_DOVECOT) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface DeliverySmtp {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every message taken, raw, with its envelope. */
  readonly taken: { from: string; to: string[]; raw: string }[];
  close(): void;
}

/**
 * A real SMTP server that files each message it takes into the Dovecot INBOX of every recipient
 * that is a user there (a local delivery), and keeps the rest. It accepts any login, as a
 * submission server would accept the member's app password.
 */
export async function startDeliverySmtp(dovecot: TestDovecot, localUsers: () => string[]): Promise<DeliverySmtp> {
  const taken: DeliverySmtp["taken"] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onAuth(_auth, _session, cb) {
      cb(null, { user: "member" });
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        taken.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to, raw });
        const local = new Set(localUsers().map((u) => u.toLowerCase()));
        Promise.all(to.filter((a) => local.has(a)).map((a) => dovecot.append(a, raw))).then(
          () => cb(),
          (e: Error) => cb(e),
        );
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, port, taken, close: () => server.close() };
}
