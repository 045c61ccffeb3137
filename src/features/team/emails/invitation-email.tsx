import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

export interface InvitationEmailProps {
  inviterName: string | null;
  workspaceName: string;
  role: string;
  url: string;
  expires: string;
}

/** The link that lets a person join a workspace: single use, valid 7 days. */
export function InvitationEmail(p: InvitationEmailProps) {
  const text = { color: "#334155" };
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Join ${p.workspaceName} on Frank`}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>You are invited to {p.workspaceName}</Heading>
          <Text style={text}>
            {p.inviterName || "A member"} invited you to join {p.workspaceName} on Frank as {p.role === "admin" ? "an admin" : `a ${p.role}`}.
          </Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.url} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              Accept the invitation
            </Button>
          </Section>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>The link works once, until {p.expires}.</Text>
        </Container>
      </Body>
    </Html>
  );
}
