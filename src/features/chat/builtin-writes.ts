import type { Participant } from "../candidates/service";
import { listShortlists } from "../shortlists/service";
import { formatDateTime } from "../../lib/when";
import { dateIn, DEFAULT_DURATION, DURATIONS, isValidTimeZone } from "../scheduling/slots";
import { card } from "./candidate-cards";
import { nextWeekdays, PROPOSAL_DAYS, type ActionContext } from "./actions";
import { parseQuery } from "./builtin-query";
import { longDate, readWhen } from "./builtin-when";
import { shortlistGroup, shortlistName } from "./builtin-people";

/**
 * The built-in assistant's two changes, each only proposed: the recruiter reads what would
 * happen and presses Confirm (or Dismiss) in the chat, as with the language model's tools.
 */
const LIST_MAX = 10;
const who = (p: Participant) => `${card(p).name} (#${p.id})`;
const names = (people: Participant[]) => people.map(who).join(", ");
const CONFIRM_HINT = "Nothing has changed yet: press Confirm to do it, or Dismiss.";

/** A change the assistant does not make, or a request it cannot tell apart: asked back, nothing done. */
export function questionBack(about: "stage" | "email" | "invite", people: Participant[]): string {
  const them = people.length === 1 ? who(people[0]!) : people.length ? "one of them" : "the candidate";
  const propose = people.length === 1 ? `"propose an interview with ${card(people[0]!).name}"` : `"propose an interview with" and a candidate's name`;
  if (about === "stage")
    return [
      `I did not change anything: I cannot move ${them} between stages. What would you like?`,
      "• To move them on a job's pipeline, drag their card on the job's board (Jobs, then the job, then Board).",
      `• To offer them interview times, say ${propose}; I prepare the session and you confirm it.`,
    ].join("\n");
  if (about === "email")
    return [
      `I did not send or write anything: I cannot draft e-mails. What would you like?`,
      `• To offer ${them} interview times, say ${propose}; once you confirm, they get a booking link by e-mail.`,
      "• To write to them yourself, open their page and use their e-mail address.",
    ].join("\n");
  return `Do you want me to propose interview times to ${them}? If so, say ${propose} (and a day if you like, such as next Tuesday). I only prepare it; nothing is sent until you confirm.`;
}

export function proposeShortlistAnswer(ctx: ActionContext, message: string, mentioned: Participant[]): string {
  if (!ctx.propose) return "I can only propose changes in a chat with you.";
  const name = shortlistName(message);
  const q = parseQuery(message);
  const group = mentioned.length ? undefined : shortlistGroup(ctx, message, name);
  let people = mentioned.length ? mentioned : (group?.people ?? []);
  const notes: string[] = [];
  if (q.top && people.length) {
    // The same ranking as a "top 3" question: furthest along in screening, newest first among equals.
    people = [...people].sort((a, b) => b.stages - a.stages || b.id - a.id).slice(0, q.top);
    notes.push(`I have no score to rank by, so "top ${q.top}" means the ${q.top} furthest along in screening (highest stage), newest first among equals.`);
  }
  if (!people.length && !name) return "Tell me who to shortlist (a name or #id from your candidates) and, if you like, the shortlist's name.";
  if (group && !people.length) return `No candidates ${group.described} in your workspace, so I propose no shortlist change.`;
  const target = name ?? "Assistant picks";
  const existing = listShortlists(ctx.deps, ctx.workspaceId).find((s) => s.name.toLowerCase() === target.toLowerCase());
  const ids = people.map((p) => p.id);
  if (!ids.length && existing) return `The shortlist "${existing.name}" already exists. Tell me who to add to it.`;
  const listName = existing?.name ?? target;
  const shown = people.slice(0, LIST_MAX).map(who).join(", ") + (people.length > LIST_MAX ? ` and ${people.length - LIST_MAX} more` : "");
  const into = existing ? `the shortlist "${listName}"` : `a new shortlist "${listName}"`;
  const summary = ids.length ? `Add ${people.length} candidate(s) to ${into}: ${shown}` : `Create the shortlist "${listName}" (empty)`;
  ctx.propose("shortlist_candidates", existing ? { shortlistId: existing.id, shortlistName: listName, candidateIds: ids } : { shortlistName: listName, candidateIds: ids }, summary);
  const which = group ? ` ${people.length} candidate(s) ${group.described}` : ` ${people.length} candidate(s)`;
  const head = ids.length ? `I can add${which} to ${into}: ${shown}.` : `I can create the shortlist "${listName}", empty for now.`;
  return [head, ...notes, CONFIRM_HINT].join("\n");
}

/** What the candidate already has: a confirmed interview ahead, or a booking link still open (said before a second is proposed). */
function alreadyBooked(ctx: ActionContext, person: Participant, zone: string): string {
  const now = ctx.deps.clock.now().getTime();
  const theirs = ctx.deps.scheduling.listSessions(ctx.workspaceId).filter((s) => s.candidateId === person.id);
  const booked = theirs.find((s) => s.interview?.status === "scheduled" && Date.parse(s.interview.startTime) > now);
  if (booked?.interview) {
    const at = formatDateTime(booked.interview.startTime, zone);
    return `Note: ${card(person).name} already has a confirmed interview ("${booked.title}") on ${at}; confirming proposes another one.`;
  }
  const open = theirs.find((s) => s.state === "pending");
  return open ? `Note: ${card(person).name} already has a booking link open ("${open.title}"); confirming sends another one.` : "";
}

/** An interview proposal for one named candidate, on the days the message names, in the member's zone. */
export function proposeInterviewAnswer(ctx: ActionContext, message: string, people: Participant[]): string {
  if (!ctx.propose) return "I can only propose changes in a chat with you.";
  if (people.length > 1) return `Which one? I found ${names(people)}. I propose interviews one candidate at a time.`;
  const person = people[0];
  if (!person) return "Which candidate should I propose an interview to? Give me a name or #id from your candidates.";
  const m = message.toLowerCase();
  const asked = Number(m.match(/\b(\d{2,3})\s*(?:min|mins|minutes)\b/)?.[1] ?? (/\b2\s*hours?\b/.test(m) ? 120 : /\b(1|an|one)\s*hour\b/.test(m) ? 60 : 0));
  const duration = (DURATIONS as readonly number[]).includes(asked) ? asked : DEFAULT_DURATION;
  const zone = isValidTimeZone(ctx.timeZone) ? ctx.timeZone : "UTC";
  const now = ctx.deps.clock.now();
  const when = readWhen(message, dateIn(now, zone));
  const dates = when.dates.length ? when.dates.slice(0, 10) : nextWeekdays(now, zone, PROPOSAL_DAYS);
  const days = dates.map(longDate).join(", ");
  const said = when.said.length ? ` (${when.said.join(", ")})` : "";
  ctx.propose(
    "propose_interview",
    { candidateId: person.id, duration, dates, timeZone: zone },
    `Propose a ${duration}-minute interview to ${who(person)} on ${days}, hourly slots from 09:00 to 17:00 (${zone})`,
  );
  const notes = [
    alreadyBooked(ctx, person, zone),
    asked && asked !== duration ? `Interviews last 30, 45, 60, 90 or 120 minutes, so I used ${duration}.` : "",
    when.unread.length ? `I did not use ${when.unread.join("; ")}.` : "",
    ctx.zoneKnown === false ? "The times are in UTC because I do not know your time zone: set it in your profile, or ask from your browser." : "",
  ].filter(Boolean);
  return [
    `I can propose a ${duration}-minute interview to ${who(person)} on ${days}${said}, with hourly slots from 09:00 to 17:00 ${zone} time. Once you confirm, I create the session and give you the booking link, and they are e-mailed it.`,
    ...notes,
    CONFIRM_HINT,
  ].join("\n");
}
