// A plain-text message's RFC 5322 bytes, as a mail program writes them (for the mailbox fakes).
export const rawMail = (o: { from: string; to: string; subject: string; id: string; date: Date; text: string; inReplyTo?: string }) =>
  [
    `From: ${o.from}`,
    `To: ${o.to}`,
    `Subject: ${o.subject}`,
    `Message-ID: ${o.id}`,
    `Date: ${o.date.toUTCString()}`,
    ...(o.inReplyTo ? [`In-Reply-To: ${o.inReplyTo}`, `References: ${o.inReplyTo}`] : []),
    "Content-Type: text/plain; charset=utf-8",
    "",
    o.text,
    "",
  ].join("\r\n");

/** A candidate's message with their CV attached (a small real PDF), as a mail program writes it. */
export async function cvMail(from: string, to: string, id: string): Promise<Buffer> {
  const { default: MailComposer } = await import("nodemailer/lib/mail-composer");
  const { tinyPdf } = await import("./cv-fixtures");
  const pdf = Buffer.from(tinyPdf([["Carla Candidate", "Senior engineer"]]));
  return new MailComposer({ from, to, subject: "Updated CV", messageId: id, text: "Attached.", attachments: [{ filename: "carla-cv.pdf", content: pdf, contentType: "application/pdf" }] })
    .compile()
    .build();
}

/** A DSN as Postfix writes one (RFC 3464): the human part, the status, the original or its headers. */
export function dsn(o: { to: string; recipient: string; action: "failed" | "delayed"; status: string; diagnostic: string; original?: { type: string; text: string } }): string {
  return [
    "From: MAILER-DAEMON@mx.mail.example (Mail Delivery System)",
    `To: ${o.to}`,
    `Subject: ${o.action === "failed" ? "Undelivered Mail Returned to Sender" : "Delayed Mail (still being retried)"}`,
    `Message-ID: <dsn-${Math.random().toString(36).slice(2)}@mx.mail.example>`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    'Content-Type: multipart/report; report-type=delivery-status; boundary="dsn-boundary"',
    "",
    "--dsn-boundary",
    "Content-Description: Notification",
    "Content-Type: text/plain; charset=us-ascii",
    "",
    "This is the mail system at host mx.mail.example.",
    "",
    "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
    "",
    "--dsn-boundary",
    "Content-Description: Delivery report",
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.mail.example",
    "X-Postfix-Queue-ID: 4F2A01C0042",
    `Arrival-Date: ${new Date().toUTCString()}`,
    "",
    `Final-Recipient: rfc822; ${o.recipient}`,
    `Original-Recipient: rfc822;${o.recipient}`,
    `Action: ${o.action}`,
    `Status: ${o.status}`,
    "Remote-MTA: dns; in.mail.example",
    // Folded at a space past 40 characters, as an MTA folds a long line.
    ...((i) => (i > 0 ? [`Diagnostic-Code: smtp; ${o.diagnostic.slice(0, i)}`, `    ${o.diagnostic.slice(i + 1)}`] : [`Diagnostic-Code: smtp; ${o.diagnostic}`]))(o.diagnostic.indexOf(" ", 40)),
    "",
    ...(o.original
      ? [
          "--dsn-boundary",
          `Content-Description: Undelivered ${o.original.type === "message/rfc822" ? "Message" : "Message Headers"}`,
          `Content-Type: ${o.original.type}`,
          "",
          o.original.text.trim(),
          "",
        ]
      : []),
    "--dsn-boundary--",
    "",
  ].join("\r\n");
}
