import type { ReactNode } from "react";
import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import { Island } from "../../../lib/render";
import PipelineBoard from "../islands/pipeline-board";
import type { BoardCard, BoardColumn, BoardData } from "../board";
import { memberZone } from "../../../lib/time-zone";
import { formatDateTime } from "../../../lib/when";

const days = (n: number) => (n === 0 ? "today" : `${n} day${n === 1 ? "" : "s"} in stage`);

/** One card: what a recruiter scans, and a small form that moves it without JavaScript. */
function Card({ card, jobId, data, zone }: { card: BoardCard; jobId: number; data: BoardData; zone: string }) {
  return (
    <li
      className="rounded-md border border-slate-200 bg-white p-2 text-sm shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:border-slate-700 dark:bg-slate-900"
      data-card={card.id}
      data-name={card.name}
      tabIndex={0}
      aria-label={`${card.name}${card.city ? `, ${card.city}` : ""}, ${days(card.daysInStage)}`}
    >
      <a className="font-medium underline" href={`/candidates/${card.candidateId}`}>
        {card.name}
      </a>
      <p className="text-xs text-slate-500 dark:text-slate-400">{[card.city, days(card.daysInStage)].filter(Boolean).join(" · ")}</p>
      {card.rejectedReason ? <p className="text-xs text-red-700 dark:text-red-300">{card.rejectedReason}</p> : null}
      {card.flags.map((f) => (
        <p key={f} className="text-xs font-medium text-amber-800 dark:text-amber-200" data-flag>
          {`⚑ ${f}`}
        </p>
      ))}
      {card.source ? <p className="text-xs text-slate-500 dark:text-slate-400">{`Source: ${card.source}`}</p> : null}
      {card.nextInterview ? (
        <p className="text-xs">
          <a className="underline" href={`/interview-details/${card.nextInterview.publicId}`}>{`Interview ${formatDateTime(card.nextInterview.startTime, zone)}`}</a>
        </p>
      ) : null}
      {card.feedback ? (
        <p className="text-xs text-slate-600 dark:text-slate-300" data-feedback>
          {card.feedback}
        </p>
      ) : null}
      <details className="mt-1" data-move-form>
        <summary className="cursor-pointer text-xs text-brand-700 dark:text-brand-100">Move</summary>
        <form method="post" action={`/jobs/${jobId}/applications/${card.id}/move`} className="mt-1 grid gap-1">
          <select className="input text-xs" name="stage" aria-label={`Pipeline stage for ${card.name}`} defaultValue={String(data.columns.find((c) => c.cards.includes(card))?.stage.id ?? "")}>
            {data.stages.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <select className="input text-xs" name="rejectedReason" aria-label={`Reason if rejected, for ${card.name}`} defaultValue="">
            <option value="">Reason (for Rejected)</option>
            {data.rejectReasons.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          <label className="flex items-center gap-1 text-xs">
            <input type="checkbox" name="sendEmail" defaultChecked /> Send the stage's e-mail, if it has one
          </label>
          <button className="btn-outline btn-sm" type="submit">
            Move
          </button>
        </form>
      </details>
    </li>
  );
}

function Column({ column, data, zone }: { column: BoardColumn; data: BoardData; zone: string }) {
  const { stage } = column;
  const list = (
    <ul className="mt-2 flex min-h-16 flex-col gap-2" data-column-list={stage.id} aria-label={`${stage.name} candidates`}>
      {column.cards.map((c) => (
        <Card key={c.id} card={c} jobId={data.job.id} data={data} zone={zone} />
      ))}
    </ul>
  );
  const more = column.hidden ? <a className="mt-2 block text-xs underline" href={`/jobs/${data.job.id}?column=${stage.id}`}>{`Show all ${column.count} in ${stage.name}`}</a> : null;
  const heading = (
    <>
      {stage.name}{" "}
      <span className="badge-secondary" data-count={stage.id}>
        {column.count}
      </span>
    </>
  );
  if (stage.kind === "rejected") {
    // Folded by default: the closed ones are out of the way, and still one click (or a drop) away.
    return (
      <details className="w-64 shrink-0 rounded-lg bg-slate-100 p-2 xl:w-auto xl:min-w-36 xl:flex-1 xl:basis-0 dark:bg-slate-800" data-column={stage.id} data-stage-name={stage.name}>
        <summary className="cursor-pointer font-medium">{heading}</summary>
        {list}
        {more}
      </details>
    );
  }
  return (
    <section
      className="w-64 shrink-0 rounded-lg bg-slate-100 p-2 xl:w-auto xl:min-w-36 xl:flex-1 xl:basis-0 dark:bg-slate-800"
      data-column={stage.id}
      data-stage-name={stage.name}
      aria-label={stage.name}
    >
      <h2 className="font-medium">{heading}</h2>
      {list}
      {more}
    </section>
  );
}

/** /jobs/{id}: the job's board, one column per stage; the island adds drag and drop and the keyboard. */
export function BoardPage({
  shell,
  data,
  funnel,
  templates,
  clients,
  suggested,
  placed,
}: {
  shell: Shell;
  /** The closing success stage and the placement form a card moved there opens (its id appended). */
  placed?: { stageId: number; form: string };
  data: BoardData;
  funnel?: ReactNode;
  templates: { stageId: number; id: number; name: string }[];
  clients: { id: number; name: string }[];
  suggested?: ReactNode;
}) {
  const { job } = data;
  return (
    <AppShell shell={shell} title={job.title}>
      <p className="text-sm">
        <a className="underline" href="/jobs">
          Jobs
        </a>
      </p>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="mt-1 text-2xl font-semibold" data-testid="job-title">
          {job.title}
        </h1>
        <p className="text-sm text-slate-500 dark:text-slate-400" data-testid="job-client">
          {job.client ? (
            <a className="underline" href={`/clients/${job.client.id}`}>
              {job.client.name}
            </a>
          ) : (
            "No client"
          )}
          {job.location ? ` · ${job.location}` : ""}
          {` · ${data.total} application${data.total === 1 ? "" : "s"} · `}
          <a className="underline" href={`/jobs/${job.id}/posting`} data-testid="job-posting">
            Posting and application form
          </a>
        </p>
      </div>
      {clients.length ? (
        <form method="post" action={`/jobs/${job.id}/client`} className="mt-2 flex flex-wrap items-end gap-2 text-sm">
          <label>
            Client
            <select className="input" name="clientId" defaultValue={job.clientId ? String(job.clientId) : ""}>
              <option value="">No client</option>
              {clients.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <button className="btn-outline btn-sm" type="submit">
            Save
          </button>
        </form>
      ) : null}
      {funnel ? <div className="mt-4">{funnel}</div> : null}
      <p className="mt-4 text-xs text-slate-500 dark:text-slate-400" id="board-help">
        The columns are this job's pipeline stages: where each application to it stands. (A candidate's screening progress, 1–5, is their own and shows on their page.) Drag a card to another column,
        or focus a card and press the left or right arrow key to move it one stage; each card's Move form works without JavaScript.
      </p>
      <Island
        name="pipeline-board"
        component={PipelineBoard}
        props={{ jobId: job.id, stages: data.stages.map((s) => ({ id: s.id, name: s.name, kind: s.kind })), reasons: data.rejectReasons, templates, placed: placed ?? null }}
      />
      {/* Below 1280 px the columns do not all fit: say so and name them, so none is out of sight unknown. */}
      <p className="mt-2 text-xs text-slate-600 xl:hidden dark:text-slate-300" data-testid="board-hint" data-board-hint={job.id}>
        {`${data.columns.length} stages (${data.columns.map((c) => c.stage.name).join(", ")}): the board scrolls sideways →`}
      </p>
      <div className="mt-2 flex gap-3 overflow-x-auto pb-4" data-board={job.id} aria-describedby="board-help">
        {data.columns.map((c) => (
          <Column key={c.stage.id} column={c} data={data} zone={memberZone(shell.user)} />
        ))}
      </div>
      {suggested ?? null}
    </AppShell>
  );
}
