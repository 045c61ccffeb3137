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
