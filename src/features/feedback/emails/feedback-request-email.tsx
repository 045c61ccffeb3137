import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

/** To an interviewer when the interview has ended: their private scorecard link (30 days). */
export function FeedbackRequestEmail(p: { reviewerName: string | null; candidateName: string; title: string; url: string; expires: string }) {
  const text = { color: "#334155" };
  return (
    <Html lang="en">
      <Head />
      <Preview>{`How did the interview with ${p.candidateName} go?`}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{`How did the interview with ${p.candidateName} go?`}</Heading>
          <Text
            style={text}
          >{`${p.reviewerName ? `Hi ${p.reviewerName}, your` : "Your"} interview “${p.title}” has ended. Please give your recommendation and rate the candidate: it takes a minute, and no sign-in is needed.`}</Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.url} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              Give feedback
            </Button>
          </Section>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>{`This link is yours alone; it works until ${p.expires}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
