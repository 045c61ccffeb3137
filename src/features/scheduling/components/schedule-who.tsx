import { CandidatePicker, type PickedCandidate } from "./candidate-picker";

/** Who the Schedule Interview card offers times to: one candidate, or every candidate of a shortlist. */
export function CandidateOrShortlist(props: {
  picked: PickedCandidate | null;
  /** A shortlist or a retry decides the candidates: the picker is locked. */
  pickerDisabled: boolean;
  onPick: (c: PickedCandidate | null) => void;
  shortlists: { id: number; name: string; candidateIds: number[] }[];
  shortlistId: string;
  onShortlist: (id: string) => void;
  /** After a batch partly failed: which candidates are still without a session, and why. */
  retryNotice: string | null;
  onStartOver: () => void;
}) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor="sched-candidate">
            Candidate
          </label>
          <CandidatePicker id="sched-candidate" value={props.picked} disabled={props.pickerDisabled} onChange={props.onPick} />
        </div>
        <div>
          <label className="label" htmlFor="sched-shortlist">
            Or a whole shortlist
          </label>
          <select id="sched-shortlist" className="input" value={props.shortlistId} onChange={(e) => props.onShortlist(e.currentTarget.value)}>
            <option value="">No shortlist</option>
            {props.shortlists.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.candidateIds.length})
              </option>
            ))}
          </select>
        </div>
      </div>
      {props.retryNotice !== null ? (
        <div className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status" data-testid="batch-retry">
          <p>{props.retryNotice}</p>
          <button type="button" className="btn-ghost btn-sm mt-1" onClick={props.onStartOver}>
            Start over
          </button>
        </div>
      ) : null}
    </>
  );
}

/** Whether the booking link is e-mailed to the candidate, and the message with it. */
export function BookingEmailFields(props: { sendEmail: boolean; onSendEmail: (on: boolean) => void; message: string; onMessage: (m: string) => void }) {
  return (
    <div className="space-y-2 rounded-md border border-slate-200 p-3">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={props.sendEmail} onChange={(e) => props.onSendEmail(e.currentTarget.checked)} />
        E-mail the booking link to the candidate
      </label>
      {props.sendEmail ? (
        <label className="block text-sm">
          <span className="label">Message (optional)</span>
          <textarea className="input" rows={2} maxLength={2000} value={props.message} onInput={(e) => props.onMessage(e.currentTarget.value)} placeholder="Looking forward to speaking with you." />
        </label>
      ) : null}
    </div>
  );
}
