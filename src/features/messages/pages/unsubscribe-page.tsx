/** /u/{token}: the link at the foot of a sequence's e-mail; the button stops them (mail programs post it themselves). */
export function UnsubscribePage({ token, done, known }: { token: string; done: boolean; known: boolean }) {
  return (
    <main style={{ maxWidth: "32rem", margin: "4rem auto", padding: "0 1rem", fontFamily: "system-ui, sans-serif" }}>
      <h1 style={{ fontSize: "1.5rem", fontWeight: 600 }}>{!known ? "This link is not valid" : done ? "You are unsubscribed" : "Unsubscribe"}</h1>
      {!known ? (
        <p>It may have been mistyped.</p>
      ) : done ? (
        <p>You will receive no more of these e-mails.</p>
      ) : (
        <form method="post" action={`/u/${token}`}>
          <p>Stop receiving these e-mails?</p>
          <button type="submit" style={{ padding: "0.5rem 1rem", borderRadius: "0.375rem", background: "#4338ca", color: "white", border: 0 }}>
            Unsubscribe
          </button>
        </form>
      )}
    </main>
  );
}
