/** /privacy: the default policy the candidate pages link to (a workspace may link its own instead). */
export function PrivacyPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 text-sm leading-6 text-slate-700">
      <h1 className="text-2xl font-semibold text-slate-900">Privacy</h1>
      <p className="mt-4">This hiring site is run by the recruiter who sent you the link, with Frank, a self-hosted hiring assistant. The recruiter is responsible for your data.</p>
      <h2 className="mt-6 text-base font-semibold text-slate-900">What is stored</h2>
      <p className="mt-2">
        The answers you give in the prequalifier and the assessment (such as your name, e-mail address, city, role, LinkedIn profile, visa status, salary expectation and availability), the recruiter's
        notes about your application, and the interviews you book with the e-mails sent about them.
      </p>
      <h2 className="mt-6 text-base font-semibold text-slate-900">Why</h2>
      <p className="mt-2">To assess your application and to contact you about it. Your data is not sold or shared for any other purpose.</p>
      <h2 className="mt-6 text-base font-semibold text-slate-900">Your rights</h2>
      <p className="mt-2">
        You may ask the recruiter for a copy of everything held about you, for corrections, or for it to be erased. Erasure removes your record, your answers, notes and e-mails; an interview that took
        place is kept only without your name or contact details. A recruiter may also erase candidates automatically after a period without activity.
      </p>
    </main>
  );
}
