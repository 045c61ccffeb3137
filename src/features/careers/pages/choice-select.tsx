/** A labelled select of fixed choices (the careers list's filters, the Posting form's facts): a plain form field. */
export function ChoiceSelect(props: { label: string; name: string; className: string; value: string; blank?: string; choices: readonly (readonly [value: string, label: string])[] }) {
  return (
    <label className="text-sm">
      {props.label}
      <select className={props.className} name={props.name} defaultValue={props.value}>
        {props.blank !== undefined ? <option value="">{props.blank}</option> : null}
        {props.choices.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The choices of a list of values with their labels. */
export const choicesOf = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((v) => [v, labels[v]] as const);
