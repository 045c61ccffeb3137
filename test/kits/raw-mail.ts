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
