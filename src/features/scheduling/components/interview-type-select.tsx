import type { InterviewTypeListAnswer } from "../../../client/answers";

/** The workspace's interview types, each named with its length and whether a panel or a pool holds it. */
export function InterviewTypeSelect(props: { types: InterviewTypeListAnswer["interviewTypes"]; value: string; onChange: (id: string) => void }) {
  return (
    <div>
      <label className="label" htmlFor="sched-type">
        Interview type
      </label>
      <select id="sched-type" className="input" value={props.value} onChange={(e) => props.onChange(e.currentTarget.value)}>
        <option value="">No type</option>
        {props.types.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name} ({t.duration} min{t.pool ? ", pool" : t.interviewers.length ? ", panel" : ""})
          </option>
        ))}
      </select>
    </div>
  );
}
