import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

export function ResetPasswordEmail({ name, url, welcome }: { name: string | null; url: string; welcome?: boolean }) {
  const action = welcome ? "Set your password" : "Reset your password";
  return (
    <Html lang="en">
      <Head />
      <Preview>{action} for Frank</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "32px", borderRadius: "12px", maxWidth: "480px" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{action}</Heading>
          <Text style={{ color: "#334155" }}>Hi {name || "there"},</Text>
          <Text style={{ color: "#334155" }}>
            {welcome ? "Your Frank account is ready. Choose a password to sign in." : "Someone asked to reset the password of your Frank account. If it was you, choose a new one."}
          </Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={url} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
              {action}
            </Button>
          </Section>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>Or open this link: {url}</Text>
          <Text style={{ color: "#64748b", fontSize: "13px" }}>The link works once and expires in 1 hour. If you did not ask for it, ignore this e-mail.</Text>
        </Container>
      </Body>
    </Html>
  );
}
