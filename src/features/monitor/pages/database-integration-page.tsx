import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";

/** /database-integration: a static page that explains how the assistant uses participant data. */
export function DatabaseIntegrationPage({ shell }: { shell: Shell | null }) {
  const steps = [
    { title: "1. Candidates arrive", text: "Visitors who finish the prequalifier, the assessment or a voice interview are stored as participants of your workspace, with their conversation text." },
    {
      title: "2. The assistant reads them",
      text: "When you ask the AI assistant about candidates, it reads the latest 50 participants of your workspace, newest first: name, e-mail, city, role applied for, job title, industry, visa status, salary expectation, availability, stage and the conversations.",
    },
    {
      title: "3. Answers stay in your workspace",
      text: "Every query is limited to your workspace. Nothing from another workspace reaches the assistant, and nothing is sent anywhere unless a language model server is configured.",
    },
    { title: "4. A backup is kept", text: "A scheduled sync copies the participants into a backup table, and the whole database is backed up into the data folder. The sync monitor shows both." },
  ];
  const content = (
    <>
      <h1 className="text-2xl font-semibold">AI Database Integration</h1>
      <p className="mt-2 text-slate-600">How the recruiting assistant uses the participant data of your workspace.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        {steps.map((s) => (
          <section key={s.title} className="card">
            <div className="card-body">
              <h2 className="card-title">{s.title}</h2>
              <p className="mt-2 text-sm text-slate-600">{s.text}</p>
            </div>
          </section>
        ))}
      </div>
      <section className="card mt-6">
        <div className="card-body text-sm text-slate-600">
          <h2 className="card-title">Try it</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>
              Ask the assistant on the{" "}
              <a className="text-brand-600 hover:underline" href="/dashboard">
                dashboard
              </a>
              : “Which designers in Sydney are ready for a final interview?”
            </li>
            <li>
              See what it reads on the{" "}
              <a className="text-brand-600 hover:underline" href="/database-debug">
                database debug page
              </a>
              .
            </li>
            <li>
              Add sample candidates on the{" "}
              <a className="text-brand-600 hover:underline" href="/database-test">
                database test page
              </a>
              .
            </li>
            <li>
              Watch the backup on the{" "}
              <a className="text-brand-600 hover:underline" href="/participants-monitor">
                participants monitor
              </a>
              .
            </li>
          </ul>
        </div>
      </section>
    </>
  );
  // Open to anyone (part2 §2): a visitor gets the page without the signed-in frame.
  if (!shell) return <main className="mx-auto max-w-4xl px-4 py-6">{content}</main>;
  return (
    <AppShell shell={shell} title="Database integration" wide={false}>
      {content}
    </AppShell>
  );
}
