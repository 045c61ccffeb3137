// "Inside the transaction" is a type: enqueueing with the root database fails tsc (each
// expect-error directive below is itself an error to tsc once that no longer holds); a transaction works.
import { expect, test } from "bun:test";
import { makeTestApp } from "../../test/helpers";
import { ResetPasswordEmail } from "../features/auth/emails/reset-password";
import { sendMailJob } from "../lib/mail";
import { recordEvent } from "../features/webhooks/record";

const t = makeTestApp();
const input = { to: "ada@example.com", subject: "Typed", email: ResetPasswordEmail({ name: "Ada", url: "http://localhost/x" }) };

test("enqueue takes a transaction, never the root database", () => {
  const outside = () => {
    // @ts-expect-error the root database is not a transaction
    t.deps.mail.enqueue(t.deps.db, input);
    // @ts-expect-error the root database is not a transaction
    sendMailJob.enqueue(t.deps.db, { messageId: 1 });
    // @ts-expect-error the root database is not a transaction
    recordEvent(t.deps, t.deps.db, 1, "candidate.created", {});
  };
  expect(typeof outside).toBe("function");
  const id = t.deps.db.transaction((tx) => t.deps.mail.enqueue(tx, input));
  expect(id).toBeGreaterThan(0);
});
