import { SITE_TEXT_MAX } from "./site-texts";
import { z } from "zod";
import { canonicalZone, UNKNOWN_ZONE } from "../../lib/time-zone";
import { Checkbox } from "../../lib/route-schemas";

// Messages are the spec's (part1 §5), word for word.
const email = (msg = "Invalid email address") =>
  z
    .string({ error: msg })
    .trim()
    .max(320, msg)
    .pipe(z.email({ error: msg }));

export const LoginInput = z.object({
  email: email(),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024, "Password is too long"),
  rememberMe: z.boolean({ error: "rememberMe must be true or false" }).optional().default(false),
  /** The browser's IANA time zone: becomes the member's when they have none yet (issue 41). */
  timeZone: z.string().max(64).optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

/** The sign-in page's form: the checkbox arrives as "on" or not at all. */
export const LoginForm = LoginInput.extend({ rememberMe: Checkbox, next: z.string().max(2000).optional() });
/** GET /api/auth/me?timeZone=: the browser's zone, kept when the member has none yet. */
export const MeQuery = z.object({ timeZone: z.string().max(64).optional().catch(undefined) });
/** /login?next=/page: where to go after signing in (checked by safeNext). */
export const NextQuery = z.object({ next: z.string().optional() });

export const DemoLoginInput = z.object({ email: email().optional() }).nullish();

export const ForgotPasswordInput = z.object({ email: email() });

export const ResetPasswordInput = z
  .object({
    token: z.string({ error: "Token is required" }).min(1, "Token is required").max(200, "Invalid reset link"),
    password: z.string({ error: "Password must be at least 8 characters" }).min(8, "Password must be at least 8 characters").max(1024, "Password is too long"),
    confirmPassword: z.string({ error: "Password confirmation is required" }).min(8, "Password confirmation is required").max(1024, "Password is too long"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export const CreateUserInput = z.object({
  email: email(),
  password: z.string().min(8, "Password must be at least 8 characters").max(1024),
  name: z.string().trim().max(200).optional(),
});

/** The shape of GET /api/auth/me (part1 §3: name, email, stripeCustomerId, stripeSubscriptionId). */
export const CurrentUser = z.object({
  name: z.string().nullable(),
  email: z.string(),
  /** The member's IANA time zone (UTC until the browser or the profile gives one). */
  timeZone: z.string(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;
export const UserAnswer = z.object({ user: CurrentUser });
export const MessageAnswer = z.object({ message: z.string() });

/** A query value of a page: text or nothing (a repeated or odd value counts as nothing, never a 400). */
const queryText = z.string().max(4096).optional().catch(undefined);
export const ForgotPageQuery = z.object({ sent: queryText });
export const ResetPageQuery = z.object({ token: queryText, done: queryText, welcome: queryText });

const siteText = z
  .string({ error: "Text must be text" })
  .trim()
  .max(SITE_TEXT_MAX, `Keep the text under ${SITE_TEXT_MAX} characters`)
  .nullish()
  .transform((v) => v || null);

/** The workspace's own site (candidate pages' Home) and its /terms and /help texts. */
export const WorkspaceSiteInput = z.object({
  siteUrl: z
    .string({ error: "Enter a full URL starting with https://" })
    .trim()
    .max(2000, "Keep the URL under 2000 characters")
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || (/^https?:\/\/[^\s"'<>]+$/i.test(v) && URL.canParse(v)), "Enter a full URL starting with https://"),
  termsText: siteText,
  helpText: siteText,
});
export type WorkspaceSiteInput = z.infer<typeof WorkspaceSiteInput>;
export const WorkspaceSite = z.object({ siteUrl: z.string().nullable(), termsText: z.string().nullable(), helpText: z.string().nullable() });

/** PUT /api/workspace/time-zone and the Settings form: the workspace's IANA zone. */
export const WorkspaceTimeZoneInput = z.object({
  timeZone: z
    .string({ error: UNKNOWN_ZONE })
    .max(64, UNKNOWN_ZONE)
    .refine((v) => canonicalZone(v) !== null, UNKNOWN_ZONE)
    .transform((v) => canonicalZone(v)!),
});
export const WorkspaceTimeZone = z.object({ timeZone: z.string() });

const API_KEY_SCOPES = ["read", "read-write"] as const;

export const CreateApiKeyInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  scope: z.enum(API_KEY_SCOPES, { error: 'Scope must be "read" or "read-write"' }),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInput>;

export const ApiKeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  /** The key's first characters, to tell keys apart; the key itself is shown once. */
  prefix: z.string(),
  createdBy: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApiKeyView = z.infer<typeof ApiKeyView>;
export const ApiKeyList = z.object({ apiKeys: z.array(ApiKeyView) });
export const CreatedApiKey = z.object({ id: z.number().int(), key: z.string(), apiKey: ApiKeyView });

// The profile (GET/PUT /api/auth/profile, part1 §3, §7). Empty optional fields become null.
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

export const ProfileInput = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  email: z
    .string({ error: "Invalid email address" })
    .trim()
    .max(320, "Invalid email address")
    .pipe(z.email({ error: "Invalid email address" })),
  phone: optionalText(40, "Phone").refine((v) => v === null || /^[+0-9 ().-]{5,40}$/.test(v), "Invalid phone number"),
  company: optionalText(200, "Company"),
  position: optionalText(200, "Job Title"),
  bio: optionalText(2000, "Bio"),
  /** The member's IANA time zone; left out, it stays as it is. */
  timeZone: z
    .string({ error: UNKNOWN_ZONE })
    .max(64, UNKNOWN_ZONE)
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const zone = canonicalZone(v);
      if (!zone) ctx.addIssue({ code: "custom", message: UNKNOWN_ZONE });
      return zone ?? undefined;
    }),
  // Needed only when the e-mail changes.
  currentPassword: z.string().max(1024).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const ProfileAnswer = z.object({
  name: z.string().nullable(),
  email: z.string(),
  timeZone: z.string(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  position: z.string().nullable(),
  bio: z.string().nullable(),
  stripeCustomerId: z.string().nullable(),
  stripeSubscriptionId: z.string().nullable(),
});
