// The apply form's input checked against the job's form (issue 56 item 4). Pure: the values as
// typed come back with a message per field, so the page shows the form again and loses nothing.
import { z } from "zod";
import type { Answer } from "../applications/model";
import type { ApplicationForm, Question } from "./model";

export interface ApplyValues {
  name: string;
  email: string;
  phone: string;
  linkedin: string;
  note: string;
  privacy: boolean;
  answers: Record<string, string>;
  source: string;
}

export interface CheckedApply {
  name: string;
  email: string;
  phone: string | null;
  linkedin: string | null;
  note: string | null;
  answers: Answer[];
  flags: string[];
  source: string | null;
}

const str = (v: FormDataEntryValue | null | undefined, max: number) => (typeof v === "string" ? v.trim().slice(0, max) : "");

/** The form's text values as posted (bounded), for checking and for showing again. */
export function valuesOf(data: FormData, form: ApplicationForm): ApplyValues {
  const answers: Record<string, string> = {};
  for (const q of form.questions) answers[q.id] = str(data.get(`q_${q.id}`), 1000);
  return {
    name: str(data.get("name"), 200),
    email: str(data.get("email"), 200),
    phone: str(data.get("phone"), 40),
    linkedin: str(data.get("linkedin"), 300),
    note: str(data.get("note"), 4000),
    privacy: data.get("privacy") === "yes" || data.get("privacy") === "on",
    answers,
    source: str(data.get("source"), 60),
  };
}

/** A source as kept: lower case, letters, digits, dot, dash, underscore and colon; at most 40. */
export function cleanSource(v: string | null | undefined): string | null {
  const s = (v ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._:-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return s || null;
}

const emailOk = (v: string) => z.email().safeParse(v).success;
const LINKEDIN = /^https?:\/\/([a-z0-9-]+\.)?linkedin\.com\/\S+$/i;
const PHONE = /^[+()\d][\d\s().-]{5,30}$/;

function questionMessage(q: Question, answer: string): string | null {
  if (!answer) return q.mode === "required" ? "Please answer this question" : null;
  if (q.kind === "yes_no" && answer !== "yes" && answer !== "no") return "Choose yes or no";
  if (q.kind === "choice" && !q.options.includes(answer)) return "Choose one of the options";
  return null;
}

/** The checked input, or a message per field (keys: name, email, phone, linkedin, cv, note, privacy, q_<id>). */
export function checkApply(v: ApplyValues, form: ApplicationForm, hasCv: boolean, privacyRequired: boolean): { ok: true; value: CheckedApply } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!v.name) errors.name = "Please enter your name";
  if (!v.email) errors.email = "Please enter your e-mail address";
  else if (!emailOk(v.email)) errors.email = "This is not an e-mail address (name@example.com)";
  const f = form.fields;
  if (f.phone === "required" && !v.phone) errors.phone = "Please enter your phone number";
  else if (f.phone !== "off" && v.phone && !PHONE.test(v.phone)) errors.phone = "A phone number has digits, spaces and + ( ) - only";
  if (f.linkedin === "required" && !v.linkedin) errors.linkedin = "Please enter your LinkedIn profile's address";
  else if (f.linkedin !== "off" && v.linkedin && !LINKEDIN.test(v.linkedin)) errors.linkedin = "A LinkedIn address starts with https://www.linkedin.com/";
  if (f.cv === "required" && !hasCv) errors.cv = "Please attach your CV (PDF, DOCX or text, at most 10 MB)";
  if (f.note === "required" && !v.note) errors.note = "Please write a short note";
  if (privacyRequired && !v.privacy) errors.privacy = "Please read and agree to the privacy notice";
  const answers: Answer[] = [];
  const flags: string[] = [];
  for (const q of form.questions) {
    if (q.mode === "off") continue;
    const a = v.answers[q.id] ?? "";
    const m = questionMessage(q, a);
    if (m) errors[`q_${q.id}`] = m;
    if (a) answers.push({ question: q.label, answer: a });
    if (a && q.knockout && a.toLowerCase() === q.knockout.toLowerCase()) flags.push(`Knock-out answer: “${q.label}” → ${a}`);
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: v.name,
      email: v.email.toLowerCase(),
      phone: f.phone === "off" ? null : v.phone || null,
      linkedin: f.linkedin === "off" ? null : v.linkedin || null,
      note: f.note === "off" ? null : v.note || null,
      answers,
      flags,
      source: cleanSource(v.source),
    },
  };
}
