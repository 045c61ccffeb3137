import { z } from "zod";

export const ConnectMailboxInput = z.object({
  address: z.email("A valid e-mail address is required").max(320),
  imapHost: z.string().trim().min(1, "IMAP host is required").max(255),
  imapPort: z.coerce.number().int().min(1).max(65535).default(993),
  // A form posts "true"/"false" (a select); JSON a boolean.
  imapTls: z.preprocess((v) => (typeof v === "string" ? !["false", "0", "off", "no"].includes(v.toLowerCase()) : v), z.boolean().default(true)),
  smtpHost: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().max(255).optional()),
  smtpPort: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().int().min(1).max(65535).optional()),
  username: z.string().trim().min(1, "User is required").max(320),
  password: z.string().min(1, "App password is required").max(1000),
});
export type ConnectMailbox = z.infer<typeof ConnectMailboxInput>;
/** Gmail or Microsoft 365, through the member's calendar connection (its grant with the mail scopes). */
const ConnectProviderMailboxInput = z.object({ provider: z.enum(["gmail", "microsoft"]) });
/** POST /api/mailboxes: a Gmail or Microsoft 365 mailbox by its provider, or any other by IMAP and SMTP. */
export const ConnectAnyMailboxInput = z.union([ConnectProviderMailboxInput, ConnectMailboxInput]);

export const MailboxView = z.object({
  id: z.number(),
  userId: z.number(),
  /** imap, gmail or microsoft. */
  provider: z.string(),
  address: z.string(),
  /** IMAP's server; null for Gmail and Microsoft 365. */
  imapHost: z.string().nullable(),
  imapPort: z.number().nullable(),
  state: z.enum(["ok", "stale", "error"]),
  reason: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
});
export type MailboxView = z.infer<typeof MailboxView>;
export const MailboxList = z.object({ mailboxes: z.array(MailboxView) });
export const OneMailbox = z.object({ mailbox: MailboxView });

export const MessageView = z.object({
  id: z.number(),
  direction: z.enum(["in", "out"]),
  threadKey: z.string(),
  messageId: z.string(),
  inReplyTo: z.string().nullable(),
  from: z.object({ address: z.string(), name: z.string().nullable() }),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  quoted: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), type: z.string(), size: z.number() })),
  sentAt: z.string(),
  /** Written in Frank: the member who wrote it and where its sending stands; null for one found in a mailbox. */
  authorId: z.number().nullable(),
  /** Whom it is kept for: a candidate or a client's contact. */
  participantId: z.number().nullable(),
  contactId: z.number().nullable(),
  /** Found in a mailbox and still there: its attachments can be fetched (a CV to a file or a draft). */
  inMailbox: z.boolean(),
  state: z.enum(["pending", "sent", "failed"]).nullable(),
  /** Why it failed, or the last error while it is tried again. */
  error: z.string().nullable(),
});
export type MessageView = z.infer<typeof MessageView>;
export const MessageList = z.object({ messages: z.array(MessageView) });
export const OneMessage = z.object({ message: MessageView });

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .optional()
    .transform((v) => (v?.trim() ? v : undefined));

const composeFields = {
  subject: optionalText(300),
  body: optionalText(20_000),
  templateId: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
};
const textOrTemplate = (v: { subject?: string; body?: string; templateId?: number }) => !!(v.templateId || (v.subject && v.body));
const TEXT_OR_TEMPLATE = { message: "A subject and a message, or a template, are required", path: ["body"] };

/** A message to write: a subject and a text, or a template of the workspace (its variables filled), or both (typed text wins). */
export const ComposeMessageInput = z.object(composeFields).refine(textOrTemplate, TEXT_OR_TEMPLATE);
/** The same to each of several candidates (API: ids; the form: "1,2,3"). */
export const BulkComposeInput = z
  .object({
    ...composeFields,
    candidateIds: z.preprocess(
      (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
      z.array(z.coerce.number().int().positive()).min(1, "No candidates selected").max(200, "At most 200 candidates at once"),
    ),
    /** Written from a shortlist's page (the plain form goes back there). */
    shortlist: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number().int().positive().optional()),
  })
  .refine(textOrTemplate, TEXT_OR_TEMPLATE);
export const BulkComposeResult = z.object({ messages: z.array(MessageView), refused: z.array(z.object({ candidateId: z.number(), reason: z.string() })) });
export type ComposeMessage = z.infer<typeof ComposeMessageInput>;

export const ContactMessageParams = z.object({ id: z.coerce.number().int().positive(), contactId: z.coerce.number().int().positive() });

export const AttachmentParams = z.object({ id: z.coerce.number().int().positive(), index: z.coerce.number().int().min(0).max(100) });
export const KeptAttachment = z.object({ as: z.enum(["file", "draft"]), name: z.string(), participantId: z.number().nullable() });

const SequenceStep = z.object({
  templateId: z.coerce.number().int().positive(),
  delayDays: z.coerce.number().int().min(0).max(365),
  businessDays: z.boolean().default(false),
});
export const SequenceInput = z.object({ name: z.string().trim().min(1, "Name is required").max(200), steps: z.array(SequenceStep).min(1, "A sequence needs a step").max(20) });
export const SequencePatch = z.object({ name: z.string().trim().min(1).max(200).optional(), steps: z.array(SequenceStep).min(1).max(20).optional(), paused: z.boolean().optional() });
export const SequenceView = z.object({
  id: z.number(),
  name: z.string(),
  paused: z.boolean(),
  steps: z.array(SequenceStep.extend({ templateName: z.string().nullable() })),
  enrolments: z.object({ active: z.number(), finished: z.number(), stopped: z.number() }),
  createdAt: z.string(),
});
export type SequenceView = z.infer<typeof SequenceView>;
export const SequenceList = z.object({ sequences: z.array(SequenceView) });
export const OneSequence = z.object({ sequence: SequenceView });
export const EnrolInput = z.object({ candidateIds: z.array(z.coerce.number().int().positive()).min(1).max(500) });
export const EnrolmentView = z.object({
  id: z.number(),
  sequenceId: z.number(),
  sequenceName: z.string(),
  candidateId: z.number(),
  status: z.enum(["active", "finished", "stopped"]),
  stopReason: z.string().nullable(),
  /** The next step (1-based) and when it is due, while active. */
  nextStep: z.number().nullable(),
  nextAt: z.string().nullable(),
  paused: z.boolean(),
});
export type EnrolmentView = z.infer<typeof EnrolmentView>;
export const EnrolResult = z.object({ enrolments: z.array(EnrolmentView), refused: z.array(z.object({ candidateId: z.number(), reason: z.string() })) });
export const SequenceCandidateParams = z.object({ id: z.coerce.number().int().positive(), candidateId: z.coerce.number().int().positive() });
