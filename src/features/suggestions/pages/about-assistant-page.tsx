/** /about-the-assistant: what the automated assistant does, and how to ask a person instead (issue 57 item 5). */
export function AboutAssistantPage() {
  return (
    <main className="mx-auto max-w-2xl p-4 text-sm leading-6">
      <h1 className="text-2xl font-semibold">About the automated assistant</h1>
      <p className="mt-3">
        When you answer the prequalifier or the assessment, the questions are asked by an automated assistant, not by a person. Your answers are kept for the recruiter who runs the job.
      </p>
      <h2 className="mt-4 text-lg font-semibold">What it does</h2>
      <ul className="mt-1 list-disc pl-5">
        <li>It asks the recruiter's questions and keeps your answers.</li>
        <li>
          Where the recruiter has switched it on, tools may suggest which jobs fit your record or CV, or propose the fields of your record from your CV. A language model may read what you send to
          help.
        </li>
        <li>Every suggestion is kept on record with what made it, and a person decides. Nobody is rejected, moved or e-mailed because of a score alone.</li>
      </ul>
      <h2 className="mt-4 text-lg font-semibold">Asking a person instead</h2>
      <p className="mt-1">
        You can ask the recruiter to talk to you instead of answering here: reply to any e-mail you had from them, or write to the contact on the job's page. You can also ask them for a copy of
        everything they keep about you, which says how automated tools were used about you, and ask them to erase it.
      </p>
    </main>
  );
}
