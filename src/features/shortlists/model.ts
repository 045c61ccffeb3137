import { z } from "zod";
import { positiveId } from "../../lib/route-schemas";

const SHORTLIST_NAME_REQUIRED = "Please enter a shortlist name";
const NO_CANDIDATES_SELECTED = "Please select candidates to add to the shortlist";

export const CreateShortlistInput = z.object({
  name: z.string({ error: SHORTLIST_NAME_REQUIRED }).trim().min(1, SHORTLIST_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
  // The shortlist test page sends the candidate and the chat message that triggered it.
  candidateName: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  chatMessage: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => v || null),
});
export type CreateShortlist = z.infer<typeof CreateShortlistInput>;

export const RenameShortlistInput = z.object({
  name: z.string({ error: SHORTLIST_NAME_REQUIRED }).trim().min(1, SHORTLIST_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
});

export const AddCandidatesInput = z.object({
  candidateIds: z.array(z.coerce.number().int().positive(), { error: NO_CANDIDATES_SELECTED }).min(1, NO_CANDIDATES_SELECTED).max(1000, "At most 1000 candidates at once"),
});

export const NoteInput = z.object({
  note: z
    .string({ error: "Note must be text" })
    .trim()
    .max(2000, "Note must be at most 2000 characters")
    .nullish()
    .transform((v) => v || null),
});

export interface Shortlist {
  id: number;
  name: string;
  candidateIds: number[];
  createdAt: string;
}

// ---- Route shapes (docs/decisions/0020) -------------------------------------------------------

export const MemberParam = z.object({ id: positiveId(), candidateId: positiveId() });

const ShortlistView = z.object({ id: z.number().int(), name: z.string(), candidateIds: z.array(z.number().int()), createdAt: z.string() });
export const ShortlistList = z.object({ shortlists: z.array(ShortlistView) });
export const ShortlistIds = z.object({ id: z.number().int(), name: z.string(), candidateIds: z.array(z.number().int()) });
export const ShortlistChanged = ShortlistIds.extend({ success: z.literal(true) });
export const MembersChanged = z.object({ success: z.literal(true), candidateIds: z.array(z.number().int()) });
export const MembersAdded = MembersChanged.extend({ added: z.number().int() });
