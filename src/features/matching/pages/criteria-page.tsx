import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { CriteriaEditor, type CriteriaEditorProps } from "./criteria-editor";

/** /jobs/{id}/criteria: the editor alone, for a proposal to check and a refused save shown again. */
export function CriteriaPage({ shell, jobTitle, editor, proposed }: { shell: Shell; jobTitle: string; editor: CriteriaEditorProps; proposed?: boolean }) {
  return (
    <AppShell shell={shell} title={`Criteria: ${jobTitle}`}>
      <p className="text-sm">
        <a className="underline" href={`/jobs/${editor.jobId}`}>
          {`← Back to ${jobTitle}`}
        </a>
      </p>
      <h1 className="mt-1 text-2xl font-semibold">{`Criteria: ${jobTitle}`}</h1>
      {proposed ? (
        <p className="mt-1 text-sm" data-proposed>
          Proposed again from the job's description. Nothing is saved until you save.
        </p>
      ) : null}
      <section className="card mt-4 p-4" aria-label="This job's criteria">
        <CriteriaEditor {...editor} />
      </section>
    </AppShell>
  );
}
