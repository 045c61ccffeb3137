// A real SMTP server on 127.0.0.1 for the mail tests: it takes every message, or refuses with a
// temporary failure (421) while `refuse` is on, and keeps what it took.
import { SMTPServer } from "smtp-server";

interface ReceivedMail {
  to: string;
  subject: string;
}

export interface TestSmtp {
  /** While true, every message is answered 421 (try later). */
  refuse: boolean;
  readonly received: ReceivedMail[];
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  readonly url: string;
  close(): void;
}

export async function startTestSmtp(opts: { refuse?: boolean } = {}): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const state = { refuse: opts.refuse ?? false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, cb) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        if (state.refuse) return cb(Object.assign(new Error("try later"), { responseCode: 421 }));
        received.push({ to: session.envelope.rcptTo[0]?.address ?? "", subject: /Subject: (.*)/.exec(data)?.[1] ?? "" });
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `smtp://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return {
    get refuse() {
      return state.refuse;
    },
    set refuse(v: boolean) {
      state.refuse = v;
    },
    received,
    url,
    close: () => server.close(),
  };
}
