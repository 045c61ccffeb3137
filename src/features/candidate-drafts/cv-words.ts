// The words a CV's rules read by (propose-rules.ts): section headings, words of a job title, name particles.

/** Section headings a CV uses (compared without case, a trailing colon and spaces). */
export const HEADINGS = new Set([
  "summary",
  "professional summary",
  "profile",
  "professional profile",
  "about",
  "about me",
  "objective",
  "career objective",
  "personal statement",
  "experience",
  "work experience",
  "professional experience",
  "employment",
  "employment history",
  "work history",
  "career history",
  "education",
  "qualifications",
  "certifications",
  "certificates",
  "courses",
  "training",
  "skills",
  "technical skills",
  "key skills",
  "core skills",
  "core competencies",
  "competencies",
  "technologies",
  "tech stack",
  "tools",
  "expertise",
  "areas of expertise",
  "languages",
  "projects",
  "publications",
  "awards",
  "interests",
  "hobbies",
  "references",
  "volunteering",
  "contact",
  "contact details",
  "personal details",
  "personal information",
  "curriculum vitae",
  "cv",
  "resume",
  "résumé",
]);
export const SKILL_HEADINGS = /^(?:technical |key |core |professional )?(?:skills|competencies|core competencies|technologies|tech stack|tools|expertise|areas of expertise)(?:\s*(?:&|and)\s*\w+)?$/i;
export const SUMMARY_HEADINGS = /^(?:professional |career |personal )?(?:summary|profile|about|about me|objective|statement)$/i;
// Words of a job title, never of a name: "Product Designer" on the first line is not a person.
export const ROLE_WORDS =
  /\b(?:engineer|developer|designer|manager|consultant|analyst|officer|director|lead|senior|junior|head|specialist|architect|owner|scientist|assistant|coordinator|executive|administrator|intern|recruiter|accountant|nurse|teacher|technician|programmer|curriculum|vitae|resume)\b/i;
// More words of a job title: a header piece names a role only with one of these (or ROLE_WORDS), so
// a street, a suburb or a town on the lines under the name is not taken for one (issue 60).
export const TITLE_WORDS =
  /\b(?:advisor|adviser|agent|associate|auditor|buyer|chef|clerk|controller|counsel|editor|electrician|lawyer|lecturer|marketer|mechanic|operator|paralegal|partner|pharmacist|planner|plumber|producer|professor|psychologist|receptionist|representative|researcher|solicitor|strategist|supervisor|surveyor|therapist|tutor|writer|sales|marketing|product|project|operations|support|founder|ceo|cto|cfo|coo|vp)\b/i;
export const PARTICLES = new Set(["de", "da", "di", "del", "della", "van", "von", "der", "den", "le", "la", "du", "dos", "das", "bin", "al", "el", "ter", "y"]);
