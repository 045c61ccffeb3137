import { Body, Container, Head, Html, Preview, Text } from "../../../lib/email-ui";

/** A stage e-mail from a template: the recruiter's text as written, one paragraph per blank line. */
export function StageEmail({ subject, text, company }: { subject: string; text: string; company: string }) {
  const style = { color: "#334155", whiteSpace: "pre-wrap" as const };
  return (
    <Html lang="en">
      <Head />
      <Preview>{subject}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "560px", width: "100%" }}>
          {text.split(/\n{2,}/).map((p, i) => (
            <Text key={i} style={style}>
              {p}
            </Text>
          ))}
          <Text style={{ color: "#64748b", fontSize: "13px" }}>{company}</Text>
        </Container>
      </Body>
    </Html>
  );
}
