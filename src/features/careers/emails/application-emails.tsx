import { Body, Button, Container, Head, Heading, Html, Preview, Section, Text } from "../../../lib/email-ui";

const frame = { backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" };
const text = { color: "#334155" };
const small = { color: "#64748b", fontSize: "13px" };
const button = { backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" };

/** To the applicant: their application arrived; the private link shows it and withdraws it. */
export function ApplicationReceivedEmail(p: { name: string; job: string; agency: string; manageUrl: string }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Your application for ${p.job} was received`}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={frame}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>Application received</Heading>
          <Text style={text}>Hi {p.name},</Text>
          <Text style={text}>
            Thank you for applying for {p.job} with {p.agency}. We will be in touch about the next steps.
          </Text>
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.manageUrl} style={button}>
              See your application
            </Button>
          </Section>
          <Text style={small}>The link is yours alone: it shows what you sent, and lets you withdraw the application.</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** To the job's owner: a new application, with its flags. */
export function NewApplicationEmail(p: { job: string; candidate: string; source: string | null; flags: string[]; url: string; again: boolean }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{`New application for ${p.job}`}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={frame}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>New application for {p.job}</Heading>
          <Text style={text}>
            {p.candidate} applied through the careers site{p.source ? ` (source: ${p.source})` : ""}.{p.again ? " They were already a candidate: their record was updated." : ""}
          </Text>
          {p.flags.map((f, i) => (
            <Text key={i} style={{ ...text, color: "#b45309" }}>
              {f}
            </Text>
          ))}
          <Section style={{ margin: "24px 0" }}>
            <Button href={p.url} style={button}>
              Open the candidate
            </Button>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
