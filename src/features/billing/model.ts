import { z } from "zod";
import { PORTAL_FLOWS } from "./stripe-flows";

// Input schemas of the profile and billing calls. Empty optional fields become null.
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
  phone: optionalText(40, "Phone").refine((v) => v === null || /^[+0-9 ().\-]{5,40}$/.test(v), "Invalid phone number"),
  company: optionalText(200, "Company"),
  position: optionalText(200, "Job Title"),
  bio: optionalText(2000, "Bio"),
  // Needed only when the e-mail changes.
  currentPassword: z.string().max(1024).optional(),
});
export type ProfileInput = z.infer<typeof ProfileInput>;

export const CheckoutInput = z.object({
  plan: z.string({ error: "Plan is required" }).trim().min(1, "Plan is required").max(50, "Plan is required"),
});

export const PortalInput = z
  .object({ flow: z.enum(PORTAL_FLOWS, { error: "Unknown portal flow" }).optional() })
  .nullish()
  .transform((v) => v ?? {});
