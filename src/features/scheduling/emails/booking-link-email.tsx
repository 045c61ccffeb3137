import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

export interface BookingLinkEmailProps {
  candidateName: string | null;
  companyName: string;
  position: string | null;
  recruiterName: string | null;
  title: string;
  duration: number;
  /** The recruiter's own words, if they wrote any. */
  message: string | null;
  bookingUrl: string;
  expires: string;
}

/** The candidate's booking link, sent when a session is created (or again with Resend). Fits a phone: no long link printed. */
export function BookingLinkEmail(p: BookingLinkEmailProps) {
  const text = { color: "#334155" };
  const small = { color: "#64748b", fontSize: "13px" };
  const role = p.position ? ` for the ${p.position} role` : "";
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Choose a time for your interview with ${p.companyName}`}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>Choose your interview time</Heading>
          <Text style={text}>Hi {p.candidateName || "there"},</Text>
          <Text style={text}>
            {p.recruiterName || "The hiring team"} at {p.companyName} would like to invite you to a {p.duration}-minute {p.title.toLowerCase() === "interview" ? "interview" : `"${p.title}"`}
            {role}. Please pick the time that suits you best.
          </Text>
          {p.message ? <Text style={{ ...text, whiteSpace: "pre-line" }}>{p.message}</Text> : null}
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.bookingUrl} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              Choose a time
            </Button>
          </Section>
          <Text style={small}>The link is yours alone and works until {p.expires}.</Text>
        </Container>
      </Body>
    </Html>
  );
}
