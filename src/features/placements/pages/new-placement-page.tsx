import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { NewPlacementData } from "../page-data";
import { PlacementFields } from "./placement-fields";

/** /placements/new?application=ID: the placement's details, one plain form. */
export function NewPlacementPage({ shell, data }: { shell: Shell; data: NewPlacementData }) {
  const a = data.application;
  return (
    <AppShell shell={shell} title="Record a placement">
      <p className="text-sm">
        <a className="underline" href="/placements">
          Placements
        </a>
      </p>
      <h1 className="mt-2 text-2xl font-semibold">Record a placement</h1>
      {!a || !data.defaults ? (
        <section className="card card-body mt-6 grid gap-2">
          <p className="text-sm">Move a candidate to the last stage of a job's board, or choose one already there:</p>
          {data.toRecord.length ? (
            <ul className="list-disc pl-5 text-sm">
              {data.toRecord.map((r) => (
                <li key={r.id}>
                  <a className="underline" href={`/placements/new?application=${r.id}`}>{`${r.candidateName} · ${r.jobTitle}`}</a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">Nobody is waiting for a placement.</p>
          )}
        </section>
      ) : data.existing ? (
        <p className="card card-body mt-6 text-sm">
          {"This application already has a placement: "}
          <a className="underline" href={`/placements/${data.existing}`}>
            open it
          </a>
          .
        </p>
      ) : (
        <form method="post" action="/placements" className="card card-body mt-6 grid max-w-2xl gap-4" data-testid="placement-form">
          <input type="hidden" name="applicationId" value={a.id} />
          <p className="text-sm">
            <strong>{a.candidateName}</strong>
            {` · ${a.jobTitle}${a.clientName ? ` · ${a.clientName}` : ""}`}
          </p>
          {a.placed ? null : <p className="text-sm text-slate-500">{`Recording it moves the application to ${a.placedStage}.`}</p>}
          <PlacementFields v={data.defaults} members={data.members} />
          <div>
            <button className="btn-primary" type="submit">
              Record placement
            </button>
          </div>
        </form>
      )}
    </AppShell>
  );
}
