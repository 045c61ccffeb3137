import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

/** To a client's contact: their own private link to the shortlist (no sign-in). */
export function ShareEmail(p: { contactName: string; agency: string; sharedBy: string | null; count: number; url: string; expires: string; logoUrl?: string | null }) {
  const text = { color: "#334155" };
  const who = p.sharedBy ? `${p.sharedBy} at ${p.agency}` : p.agency;
  const heading = `${p.count} candidate${p.count === 1 ? "" : "s"} for you to review`;
  return (
    <Html lang="en">
      <Head />
      <Preview>{heading}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          {p.logoUrl ? <img src={p.logoUrl} alt={p.agency} height={40} style={{ height: "40px", width: "auto", maxWidth: "200px", display: "block", marginBottom: "8px" }} /> : null}
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{heading}</Heading>
          <Text
            style={text}
          >{`Hi ${p.contactName}, ${who} has shared a shortlist with you. Tell us for each candidate whether you are interested, add a comment, or ask for an interview: no sign-in is needed.`}</Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.url} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              Review the candidates
            </Button>
          </Section>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>{`This link is yours alone (your answers carry your name); it works until ${p.expires}. Please do not forward it.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
