import { AppShell } from "../../../ui/app-shell";
import type { Shell } from "../../../ui/shell";
import type { InterviewTypeView } from "../model";
import { DURATIONS } from "../slots";

export type TypeForm = Record<string, string | string[] | undefined>;

/** Settings → Interview types (issue 36 item 5): plain forms, no JavaScript needed. */
export function InterviewTypesPage({
  shell,
  types,
  members,
  editing,
  form,
  error,
}: {
  shell: Shell;
  types: InterviewTypeView[];
  members: { id: number; name: string }[];
  editing: InterviewTypeView | null;
  form: TypeForm | null;
  error: string | null;
}) {
  const f = form ?? (editing ? toTypeForm(editing) : { duration: "60", who: "one", strategy: "fair" });
  const nameOf = (id: number) => members.find((m) => m.id === id)?.name ?? `Member ${id}`;
  const val = (k: string) => (typeof f[k] === "string" ? (f[k] as string) : "");
  const list = (k: string) => (Array.isArray(f[k]) ? (f[k] as string[]) : typeof f[k] === "string" ? [f[k] as string] : []);
  return (
    <AppShell shell={shell} title="Interview types" wide={false}>
      <h1 className="text-2xl font-semibold">Interview types</h1>
      <p className="mt-1 text-sm text-slate-500">Recipes for the Schedule Interview card: it offers them first and fills in what they say.</p>
      <ul className="mt-4 space-y-2" data-testid="interview-types">
        {types.map((t) => (
          <li key={t.id} className="card card-body flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-medium">{t.name}</span>{" "}
              <span className="text-sm text-slate-500">
                · {t.duration} min
                {t.pool
                  ? ` · pool of ${t.pool.userIds.map(nameOf).join(", ")} (${t.pool.strategy})`
                  : t.interviewers.length
                    ? ` · panel with ${t.interviewers.map((i) => nameOf(i.userId) + (i.required ? "" : " (optional)")).join(", ")}`
                    : ""}
              </span>
            </span>
            <span className="flex gap-2">
              <a className="btn-outline btn-sm" href={`/settings/interview-types?edit=${t.id}`}>
                Edit
              </a>
              <form method="post" action={`/settings/interview-types/${t.id}/delete`}>
                <button type="submit" className="btn-ghost btn-sm text-red-800">
                  Delete
                </button>
              </form>
            </span>
          </li>
        ))}
        {types.length ? null : <li className="text-sm text-slate-500">No interview types yet.</li>}
      </ul>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <form method="post" action={editing ? `/settings/interview-types/${editing.id}` : "/settings/interview-types"} className="card mt-4">
        <div className="card-body space-y-3">
          <h2 className="card-title">{editing ? `Edit ${editing.name}` : "Add an interview type"}</h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Name" name="name" value={val("name")} />
            <div>
              <label className="label" htmlFor="duration">
                Duration
              </label>
              <select className="input" id="duration" name="duration" defaultValue={val("duration")}>
                {DURATIONS.map((d) => (
                  <option key={d} value={d}>
                    {d} minutes
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label className="label" htmlFor="videoKind">
                Video link
              </label>
              <select className="input" id="videoKind" name="videoKind" defaultValue={val("videoKind")}>
                <option value="">Interviewer's default</option>
                <option value="google_meet">Google Meet</option>
                <option value="fixed">A fixed link</option>
                <option value="none">No video link</option>
              </select>
            </div>
            <Field label="Fixed link (https://…)" name="videoUrl" value={val("videoUrl")} />
            <Field label="Location" name="location" value={val("location")} />
          </div>
          <Area label="Description" name="description" value={val("description")} />
          <Area label="Default message to the candidate" name="defaultMessage" value={val("defaultMessage")} />
          <fieldset>
            <legend className="label">Interviewers</legend>
            {(["one", "panel", "pool"] as const).map((w) => (
              <label key={w} className="mr-4 inline-flex items-center gap-1 text-sm">
                <input type="radio" name="who" value={w} defaultChecked={(val("who") || "one") === w} />
                {w === "one" ? "The one who schedules" : w === "panel" ? "A panel: with these members" : "A pool: any one of these members"}
              </label>
            ))}
            <div className="mt-2 grid gap-1 sm:grid-cols-2">
              {members.map((m) => (
                <span key={m.id} className="flex items-center gap-3 text-sm">
                  <label className="inline-flex items-center gap-1">
                    <input type="checkbox" name="members" value={m.id} defaultChecked={list("members").includes(String(m.id))} /> {m.name}
                  </label>
                  <label className="inline-flex items-center gap-1 text-slate-500">
                    <input type="checkbox" name="optional" value={m.id} defaultChecked={list("optional").includes(String(m.id))} /> optional
                  </label>
                </span>
              ))}
            </div>
            <label className="mt-2 block text-sm">
              Pool strategy{" "}
              <select className="input mt-1" name="strategy" defaultValue={val("strategy") || "fair"}>
                <option value="fair">Fair: fewest pool interviews in 30 days</option>
                <option value="first-available">First available, in the list's order</option>
              </select>
            </label>
          </fieldset>
          <div className="grid gap-3 sm:grid-cols-3">
            <Field label="Buffer before (minutes, empty: members' own)" name="bufferBeforeMinutes" value={val("bufferBeforeMinutes")} />
            <Field label="Buffer after (minutes, empty: members' own)" name="bufferAfterMinutes" value={val("bufferAfterMinutes")} />
            <Field label="Minimum notice (minutes, empty: members' own)" name="minimumNoticeMinutes" value={val("minimumNoticeMinutes")} />
          </div>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">
              {editing ? "Save interview type" : "Add interview type"}
            </button>
            {editing ? (
              <a className="btn-outline" href="/settings/interview-types">
                Cancel
              </a>
            ) : null}
          </div>
        </div>
      </form>
    </AppShell>
  );
}

function Field({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <div>
      <label className="label" htmlFor={name}>
        {label}
      </label>
      <input className="input" id={name} name={name} defaultValue={value} maxLength={2000} />
    </div>
  );
}
function Area({ label, name, value }: { label: string; name: string; value: string }) {
  return (
    <div>
      <label className="label" htmlFor={name}>
        {label}
      </label>
      <textarea className="input" id={name} name={name} rows={2} defaultValue={value} maxLength={2000} />
    </div>
  );
}

/** A type as the form's fields. */
function toTypeForm(t: InterviewTypeView): TypeForm {
  const n = (v: number | null) => (v === null ? "" : String(v));
  return {
    name: t.name,
    duration: String(t.duration),
    videoKind: t.videoLink?.kind ?? "",
    videoUrl: t.videoLink?.url ?? "",
    location: t.location ?? "",
    description: t.description ?? "",
    defaultMessage: t.defaultMessage ?? "",
    who: t.pool ? "pool" : t.interviewers.length ? "panel" : "one",
    members: t.pool ? t.pool.userIds.map(String) : t.interviewers.map((i) => String(i.userId)),
    optional: t.interviewers.filter((i) => !i.required).map((i) => String(i.userId)),
    strategy: t.pool?.strategy ?? "fair",
    bufferBeforeMinutes: n(t.bufferBeforeMinutes),
    bufferAfterMinutes: n(t.bufferAfterMinutes),
    minimumNoticeMinutes: n(t.minimumNoticeMinutes),
  };
}

/** The posted form as the API's input (checked by the same schema as POST /api/interview-types). */
export function fromTypeForm(f: TypeForm): Record<string, unknown> {
  const s = (k: string) => (typeof f[k] === "string" ? (f[k] as string).trim() : "");
  const ids = (k: string) => (Array.isArray(f[k]) ? (f[k] as string[]) : typeof f[k] === "string" ? [f[k] as string] : []).map(Number).filter((x) => Number.isInteger(x) && x > 0);
  const num = (k: string) => (s(k) === "" ? null : /^\d+$/.test(s(k)) ? Number(s(k)) : Number.NaN);
  const members = ids("members");
  const optional = new Set(ids("optional"));
  const who = s("who") || "one";
  return {
    name: s("name"),
    duration: Number(s("duration") || 60),
    videoLink: s("videoKind") ? { kind: s("videoKind"), url: s("videoUrl") || null } : null,
    location: s("location") || null,
    description: s("description") || null,
    defaultMessage: s("defaultMessage") || null,
    interviewers: who === "panel" ? members.map((userId) => ({ userId, required: !optional.has(userId) })) : [],
    pool: who === "pool" ? { userIds: members, strategy: s("strategy") || "fair" } : null,
    bufferBeforeMinutes: num("bufferBeforeMinutes"),
    bufferAfterMinutes: num("bufferAfterMinutes"),
    minimumNoticeMinutes: num("minimumNoticeMinutes"),
  };
}
