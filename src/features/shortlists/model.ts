import { z } from "zod";

export const SHORTLIST_NAME_REQUIRED = "Please enter a shortlist name";
export const NO_CANDIDATES_SELECTED = "Please select candidates to add to the shortlist";

export const CreateShortlistInput = z.object({
  name: z.string({ error: SHORTLIST_NAME_REQUIRED }).trim().min(1, SHORTLIST_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
  // The shortlist test page sends the candidate and the chat message that triggered it.
  candidateName: z.string().trim().max(200).nullish().transform((v) => v || null),
  chatMessage: z.string().trim().max(5000).nullish().transform((v) => v || null),
});
export type CreateShortlist = z.infer<typeof CreateShortlistInput>;

export const RenameShortlistInput = z.object({
  name: z.string({ error: SHORTLIST_NAME_REQUIRED }).trim().min(1, SHORTLIST_NAME_REQUIRED).max(200, "Name must be at most 200 characters"),
});

export const AddCandidatesInput = z.object({
  candidateIds: z
    .array(z.coerce.number().int().positive(), { error: NO_CANDIDATES_SELECTED })
    .min(1, NO_CANDIDATES_SELECTED)
    .max(1000, "At most 1000 candidates at once"),
});

export interface Shortlist {
  id: number;
  name: string;
  candidateIds: number[];
  createdAt: string;
}
