import { Body, Container, Head, Heading, Html, Preview, Text } from "../../../lib/email-ui";

/**
 * To the owner of an account whose e-mail address was given in a signed-out checkout: the
 * purchase is not added to the account (anyone can type an address), and this says so.
 */
export function PurchaseNoticeEmail({ name, loginUrl }: { name: string | null; loginUrl: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>A Frank purchase used your e-mail address</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "32px", borderRadius: "12px", maxWidth: "480px" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>A purchase used your e-mail address</Heading>
          <Text style={{ color: "#334155" }}>Hi {name || "there"},</Text>
          <Text style={{ color: "#334155" }}>
            Someone completed a Frank checkout without signing in and gave your e-mail address. For your account's safety the purchase was not added to your account, and nothing on it has changed.
          </Text>
          <Text style={{ color: "#334155" }}>
            If it was you, sign in at {loginUrl} and buy from your profile so the purchase belongs to your account, or reply to this e-mail. If it was not you, you can ignore this message.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
