import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

const name = (what: string) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(200, `${what} must be at most 200 characters`);

const website = z
  .string()
  .trim()
  .max(500, "Website must be at most 500 characters")
  .nullish()
  .transform((v) => v || null)
  .refine((v) => v === null || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) || /^[^\s/]+\.[^\s]+$/.test(v), "Website must be an address like https://acme.example")
  .transform((v) => (v && !/^https?:\/\//i.test(v) ? `https://${v}` : v));

export const CreateClientInput = z.object({ name: name("Name"), website, notes: optional(5000) });
export type CreateClient = z.infer<typeof CreateClientInput>;
export const UpdateClientInput = z.object({ name: name("Name").optional(), website: website.optional(), notes: optional(5000).optional() });
export type UpdateClient = z.infer<typeof UpdateClientInput>;

const email = z
  .string()
  .trim()
  .max(254, "E-mail must be at most 254 characters")
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "E-mail is not a valid address");

export const ContactInput = z.object({ name: name("Name"), email, phone: optional(50), role: optional(200) });
export type ContactFields = z.infer<typeof ContactInput>;
export const UpdateContactInput = z.object({ name: name("Name").optional(), email: email.optional(), phone: optional(50).optional(), role: optional(200).optional() });
export type UpdateContact = z.infer<typeof UpdateContactInput>;

const ContactView = z.object({
  id: z.number().int(),
  clientId: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string().nullable(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof ContactView>;

const ClientView = z.object({
  id: z.number().int(),
  name: z.string(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  jobCount: z.number().int(),
  contacts: z.array(ContactView),
});
export type Client = z.infer<typeof ClientView>;

export const ClientList = z.object({ clients: z.array(ClientView) });
export const OneClient = z.object({ client: ClientView });
export const OneContact = z.object({ contact: ContactView });
export const ContactParams = z.object({ id: positiveId(), contactId: positiveId() });
export const ClientJobForm = z.object({
  title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "Title must be at most 200 characters"),
  location: optional(200),
});
