import { Body, Button, Container, Head, Heading, Html, Preview, Text } from "../../../lib/email-ui";

/** To the member who shared the shortlist: a client's contact answered about a candidate. */
export function AnswerEmail(p: { headline: string; shortlist: string; comment: string | null; url: string; times?: string[]; timesNote?: string | null }) {
  const text = { color: "#334155" };
  return (
    <Html lang="en">
      <Head />
      <Preview>{p.headline}</Preview>
      <Body style={{ backgroundColor: "#f8fafc", fontFamily: "Helvetica, Arial, sans-serif" }}>
        <Container style={{ backgroundColor: "#ffffff", padding: "24px", borderRadius: "12px", maxWidth: "520px", width: "100%" }}>
          <Heading style={{ fontSize: "20px", color: "#0f172a" }}>{p.headline}</Heading>
          <Text style={text}>{`On the shortlist “${p.shortlist}”.`}</Text>
          {p.comment ? <Text style={{ ...text, borderLeft: "3px solid #cbd5e1", paddingLeft: "12px" }}>{p.comment}</Text> : null}
          {p.times?.length ? (
            <>
              <Text style={{ ...text, fontWeight: "bold", marginBottom: "4px" }}>The times they picked:</Text>
              {p.times.map((t) => (
                <Text key={t} style={{ ...text, margin: "0 0 4px 12px" }}>{`• ${t}`}</Text>
              ))}
              {p.timesNote ? <Text style={{ color: "#64748b", fontSize: "13px" }}>{p.timesNote}</Text> : null}
            </>
          ) : null}
          <Button href={p.url} style={{ backgroundColor: "#4f46e5", color: "#ffffff", padding: "12px 20px", borderRadius: "6px" }}>
            Open the shortlist
          </Button>
        </Container>
      </Body>
    </Html>
  );
}
