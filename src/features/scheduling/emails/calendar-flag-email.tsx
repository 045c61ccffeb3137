import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

/** Tells the interviewer what their calendar said about an interview (the candidate declined it there). */
export function CalendarFlagEmail(p: { recruiterName: string | null; title: string; message: string; when: string; detailsUrl: string }) {
  const text = { color: "#334155" };
  return (
    <Html lang="en">
      <Head />
      <Preview>{p.message}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{p.message}</Heading>
          <Text style={text}>Hi {p.recruiterName || "there"},</Text>
          <Text style={text}>
            {p.title}, {p.when}: {p.message.charAt(0).toLowerCase() + p.message.slice(1)}. The interview is still booked in Frank; open it to cancel it or offer new times.
          </Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.detailsUrl} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              Open the interview
            </Button>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
