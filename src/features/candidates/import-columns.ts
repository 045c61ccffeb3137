// The columns a CSV import understands: the Participant fields of part2 §3 by their API
// names, their database names, and a few names spreadsheets commonly use. Pure: the import
// page's preview uses the same table to propose a mapping.
import { IMPORT_LIMIT_BYTES } from "../../lib/body-limit";

export const IMPORT_FIELDS = [
  "name",
  "emailAddress",
  "city",
  "jobTitle",
  "roleApplied",
  "linkedinUrl",
  "phone",
  "industry",
  "visaStatus",
  "salaryExpectation",
  "availability",
  "stages",
  "prequalifier",
  "assessment",
  "voiceTranscript",
  "summary",
  "skills",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

const ALIASES: Record<string, ImportField> = {
  email: "emailAddress",
  emailaddress: "emailAddress",
  mail: "emailAddress",
  fullname: "name",
  candidatename: "name",
  location: "city",
  position: "roleApplied",
  role: "roleApplied",
  linkedin: "linkedinUrl",
  linkedinprofile: "linkedinUrl",
  phonenumber: "phone",
  mobile: "phone",
  telephone: "phone",
  tel: "phone",
  visa: "visaStatus",
  salary: "salaryExpectation",
  stage: "stages",
  voice: "voiceTranscript",
  conversation: "prequalifier",
};

const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The field a header names (name, emailAddress, email_address, "E-mail"...), or null to skip the column. */
export function fieldOfHeader(header: string): ImportField | null {
  const h = squash(header);
  if (!h) return null;
  const direct = IMPORT_FIELDS.find((f) => squash(f) === h);
  return direct ?? ALIASES[h] ?? null;
}

/** Longest cell accepted (a larger one is almost always a broken file); conversations included. */
export const MAX_CELL_CHARS = 8000;
/** Most rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;
/** Largest file accepted by the import: the upload limit of every request (lib/body-limit.ts). */
export const MAX_IMPORT_BYTES = IMPORT_LIMIT_BYTES;
