import { z } from "zod";

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const MAX_FILES_PER_CANDIDATE = 20;

export const FileView = z.object({
  id: z.number().int(),
  candidateId: z.number().int(),
  name: z.string(),
  type: z.enum(["pdf", "docx", "txt"]),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  url: z.string(),
  textStatus: z.enum(["pending", "done", "empty", "failed"]),
  /**
   * What the page says about the text: "No text found in this file" for a scan without text; the
   * limit passed when a file was refused for good ("This PDF has 16,000 pages; Frank reads at most 300").
   */
  textNote: z.string().nullable(),
});
export type CandidateFile = z.infer<typeof FileView>;
export const FileList = z.object({ files: z.array(FileView) });
export const OneFile = z.object({ file: FileView });
