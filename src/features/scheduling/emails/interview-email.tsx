import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

/** "reassigned": the interview was handed to another interviewer (same time, new organizer). */
export type InterviewEmailKind = "booked" | "moved" | "canceled" | "reminder" | "reschedule" | "reassigned" | "video_link";

export interface InterviewEmailProps {
  kind: InterviewEmailKind;
  audience: "candidate" | "recruiter";
  greetingName: string | null;
  title: string;
  /** "Monday, March 9, 2026, 9:00 AM – 10:00 AM (AEDT, Australia/Melbourne)" */
  when: string;
  duration: number;
  otherPartyName: string | null;
  meetingUrl?: string | null;
  /** Candidate: the page to cancel or move the interview. Recruiter: the interview details. */
  actionUrl?: string | null;
  /** Why the recruiter canceled (shown to the candidate). */
  reason?: string | null;
  /** The reminder's day, as the reader counts it: "tomorrow", "today". */
  day?: string;
  /** For "moved": who moved it (the candidate when absent); "calendar": the interviewer, in their calendar. */
  movedBy?: "candidate" | "recruiter" | "calendar" | null;
}

const headline: Record<InterviewEmailKind, string> = {
  booked: "Interview Scheduled",
  moved: "Interview moved",
  canceled: "Interview canceled",
  reminder: "Interview reminder",
  reschedule: "Please choose a new time",
  reassigned: "New interviewer",
  video_link: "Your video call link",
};

type Lead = (p: InterviewEmailProps) => string;

/** A booking, a reminder, or the candidate's own move: confirmed to the candidate, told to the interviewer. */
const confirmation: Lead = (p) => {
  if (p.audience === "candidate") return p.kind === "reminder" ? `This is a reminder of your interview "${p.title}" ${p.day ?? "tomorrow"}.` : `Your interview "${p.title}" is confirmed.`;
  return `${p.otherPartyName || "A candidate"} ${p.kind === "reminder" ? "has an interview with you" : p.kind === "moved" ? "moved the interview" : "booked an interview"}: "${p.title}".`;
};

/** Moved by the interviewer, in Frank or in their calendar. */
const movedByInterviewer: Lead = (p) => {
  if (p.audience === "candidate") return `${p.otherPartyName || "Your interviewer"} moved your interview "${p.title}" to a new time.`;
  return p.movedBy === "calendar"
    ? `The interview "${p.title}" with ${p.otherPartyName || "the candidate"} was moved in your calendar; Frank moved it too and told them.`
    : `The interview "${p.title}" with ${p.otherPartyName || "the candidate"} was moved.`;
};

/** The e-mail's first sentence, by what happened and to whom. */
const leads: Record<InterviewEmailKind, Lead> = {
  video_link: (p) => `The video call link of your interview "${p.title}" is ready: join it at the time below. The time stays the same.`,
  reassigned: (p) =>
    p.audience === "candidate"
      ? `Your interview "${p.title}" is now with ${p.otherPartyName || "a new interviewer"}. The time stays the same.`
      : `The interview "${p.title}" with ${p.otherPartyName || "a candidate"} was handed over to you.`,
  canceled: (p) => `The interview "${p.title}" has been canceled.`,
  reschedule: (p) =>
    p.audience === "candidate"
      ? `The time of your interview "${p.title}" no longer works. Please choose a new time from the times offered.`
      : `New times were offered to ${p.otherPartyName || "the candidate"} for "${p.title}".`,
  moved: (p) => (p.movedBy && p.movedBy !== "candidate" ? movedByInterviewer(p) : confirmation(p)),
  booked: confirmation,
  reminder: confirmation,
};

const preview = (p: InterviewEmailProps) => `${p.kind === "reminder" ? `${headline[p.kind]}: ${p.day ?? "tomorrow"}` : headline[p.kind]}: ${p.when}`;
const heading = (p: InterviewEmailProps) => (p.kind === "reassigned" && p.audience === "recruiter" ? "Interview handed to you" : headline[p.kind]);
const actionLabel = (p: InterviewEmailProps) => (p.audience === "candidate" ? (p.kind === "reschedule" ? "Choose a new time" : "Cancel or choose another time") : "View interview details");

/** Confirmation, change, cancellation and 24-hour reminder of a booked interview (both sides). */
export function InterviewEmail(p: InterviewEmailProps) {
  const text = { color: "#334155" };
  const small = { color: "#64748b", fontSize: "13px" };
  const lead = leads[p.kind](p);
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview(p)}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "32px", borderRadius: "12px", maxWidth: "520px" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{heading(p)}</Heading>
          <Text style={text}>Hi {p.greetingName || "there"},</Text>
          <Text style={text}>{lead}</Text>
          {p.reason && p.kind === "canceled" ? <Text style={text}>Reason: {p.reason}</Text> : null}
          <Text style={text}>
            When: {p.when}
            <br />
            Duration: {p.duration} minutes
            {p.otherPartyName ? (
              <>
                <br />
                {p.audience === "candidate" ? "With" : "Candidate"}: {p.otherPartyName}
              </>
            ) : null}
            {p.meetingUrl && p.kind !== "canceled" ? (
              <>
                <br />
                Meeting link: {p.meetingUrl}
              </>
            ) : null}
          </Text>
          {p.actionUrl && p.kind !== "canceled" ? (
            <Section style={{ margin: "24px 0" }}>
              <Button href={p.actionUrl} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
                {actionLabel(p)}
              </Button>
            </Section>
          ) : null}
          {p.kind !== "canceled" && p.kind !== "reschedule" ? <Text style={small}>The invitation in this e-mail adds the interview to your calendar.</Text> : null}
        </Container>
      </Body>
    </Html>
  );
}
