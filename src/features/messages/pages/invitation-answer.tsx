/** The candidate's answer to the interview's invitation, read from their calendar's iMIP REPLY (issue 55 item 5). */
export function InvitationAnswer({ text }: { text: string }) {
  return (
    <section className="card card-body mt-4 text-sm" aria-label="Answer to the invitation" data-testid="invitation-answer">
      <p>{text}</p>
    </section>
  );
}
