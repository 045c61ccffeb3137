import type { LeftBehindInterview } from "../../scheduling/left-behind";
import type { MemberView } from "../model";

/**
 * The removal dialog's other half (issue 41): upcoming interviews a hand-over could not move
 * (the new interviewer was busy then) stay with the former member and are listed here, each
 * with a form to hand it to a member who is free at that time.
 */
export function LeftBehindSection({ interviews, members, timeZone }: { interviews: LeftBehindInterview[]; members: MemberView[]; timeZone: string }) {
  if (!interviews.length) return null;
  const when = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });
  return (
    <section className="card mt-6" id="left-behind" aria-labelledby="left-behind-title">
      <div className="card-header">
        <h2 className="card-title" id="left-behind-title">
          Interviews still with former members
        </h2>
        <p className="text-sm text-slate-500">These were not handed over because the member taking over already had an interview at that time.</p>
      </div>
      <ul className="divide-y divide-slate-100" data-testid="left-behind">
        {interviews.map((i) => (
          <li key={i.interviewId} className="flex flex-wrap items-center gap-3 p-4" data-interview={i.interviewId}>
            <span className="min-w-0 flex-1 basis-full sm:basis-0">
              <a className="block font-medium text-brand-600 underline" href={`/interview-details/${i.interviewId}`}>
                {i.candidateName || "Candidate"}: {i.title}
              </a>
              <span className="block text-sm text-slate-500">
                {when.format(new Date(i.startTime))} · with {i.formerInterviewer}
              </span>
            </span>
            <form method="post" action={`/settings/members/interviews/${encodeURIComponent(i.interviewId)}/owner`} className="flex items-center gap-2">
              <label className="sr-only" htmlFor={`hand-${i.interviewId}`}>
                Hand this interview to
              </label>
              <select className="input" name="to" id={`hand-${i.interviewId}`}>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name || m.email}
                  </option>
                ))}
              </select>
              <button className="btn-outline btn-sm whitespace-nowrap" type="submit">
                Hand over
              </button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
