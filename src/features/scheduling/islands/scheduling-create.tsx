import { useEffect, useRef, useState } from "react";
import type { CandidateListAnswer, InterviewTypeListAnswer, ParticipantAnswer, ShortlistListAnswer } from "../../../client/answers";
import { latestRequests } from "../../../client/latest";
import { api, isConnectionError, serverMessage } from "../../../client/api";
import { toast } from "../../../client/toast";
import { MultiDatePicker } from "../components/multi-date-picker";
import type { PickedCandidate } from "../components/candidate-picker";
import { SCHEDULE_CANDIDATE, SESSIONS_CHANGED, SHORTLISTS_CHANGED } from "../events";
import { batchOutcome, retryNotice } from "../components/batch-outcome";
import { FreeTimesRange, TimeSelect } from "../components/time-fields";
import { SlotList } from "../components/slot-list";
import { BookingEmailFields, CandidateOrShortlist } from "../components/schedule-who";
import { InterviewTypeSelect } from "../components/interview-type-select";
import { VideoLinkFields, type VideoChoice } from "../components/video-link-fields";
import { PeopleChoice, peopleFields, peopleProblem, type PeopleValue } from "../components/people-choice";
import { DEFAULT_DURATION, DEFAULT_WINDOW, DURATIONS, generateSlots, noSlotsReason, mergeSlots, selectableRange, type TimeSlot } from "../slots";

export interface CandidateChoice {
  id: number;
  name: string | null;
  position: string | null;
}
export interface ShortlistChoice {
  id: number;
  name: string;
  candidateIds: number[];
}

/** Schedule Interview card: candidate (or shortlist), duration, dates, window → slots → one session per candidate. */
export default function SchedulingCreate(props: {
  candidates: CandidateChoice[];
  shortlists: ShortlistChoice[];
  now: string;
  interviewers?: { id: number; name: string }[];
  meId?: number;
  timeZone?: string;
}) {
  const [candidates, setCandidates] = useState(props.candidates);
  const [shortlists, setShortlists] = useState(props.shortlists);
  const [candidateId, setCandidateId] = useState("");
  const [picked, setPicked] = useState<PickedCandidate | null>(null);
  const [shortlistId, setShortlistId] = useState("");
  const [duration, setDuration] = useState(DEFAULT_DURATION);
  const [dates, setDates] = useState<string[]>([]);
  const [start, setStart] = useState(DEFAULT_WINDOW.start);
  const [end, setEnd] = useState(DEFAULT_WINDOW.end);
  const [slots, setSlots] = useState<TimeSlot[]>([]);
  // "slots": hand-picked times; "availability": every free time between two dates (issue 36).
  const [mode, setMode] = useState<"slots" | "availability">("slots");
  const [rangeFrom, setRangeFrom] = useState("");
  const [rangeTo, setRangeTo] = useState("");
  // A panel or a pool beside (or instead of) the interviewer, for free times only.
  const [people, setPeople] = useState<PeopleValue>({ kind: "one" });
  // Interview types (issue 36): offered first; choosing one fills in its duration, message and video link.
  const [types, setTypes] = useState<InterviewTypeListAnswer["interviewTypes"]>([]);
  const [typeId, setTypeId] = useState("");
  const [busy, setBusy] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const [message, setMessage] = useState("");
  const [video, setVideo] = useState<VideoChoice>("");
  const [videoUrl, setVideoUrl] = useState("");
  // The member who holds the interview (issue 18): the creator unless another is chosen.
  const [interviewerId, setInterviewerId] = useState(props.meId ? String(props.meId) : "");
  // After a batch partly failed: only the candidates still without a session, and why.
  const [retry, setRetry] = useState<{ ids: number[]; notice: string } | null>(null);
  // The member's zone (issue 41); without one, the browser's takes over once hydrated.
  const [tz, setTz] = useState(props.timeZone ?? "UTC");
  const [now, setNow] = useState(() => new Date(props.now));
  useEffect(() => {
    if (!props.timeZone) setTz(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    setNow(new Date());
    const pick = (e: Event) => {
      const id = (e as CustomEvent<{ candidateId: number }>).detail?.candidateId;
      if (!id) return;
      setShortlistId("");
      setCandidateId(String(id));
      // The chat popup names only the id: the picker shows the candidate's name once known.
      api<ParticipantAnswer>(`/api/participants/${id}`)
        .then((p) => setPicked({ id: p.id, name: p.name, position: p.roleApplied || p.jobTitle || null }))
        .catch(() => setPicked({ id, name: null, position: null }));
    };
    api<InterviewTypeListAnswer>("/api/interview-types")
      .then((r) => setTypes(r.interviewTypes))
      .catch(() => {});
    // Newer reloads supersede older ones: a late answer never brings back an old list.
    const nextShortlists = latestRequests();
    const nextCandidates = latestRequests();
    const reloadLists = () => {
      const rs = nextShortlists();
      api<ShortlistListAnswer>("/api/shortlists", { signal: rs.signal })
        .then((r) => rs.current() && setShortlists(r.shortlists))
        .catch(() => {});
      const rc = nextCandidates();
      api<CandidateListAnswer>("/api/candidates", { signal: rc.signal })
        .then((r) => rc.current() && setCandidates(r.candidates.map((c) => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), position: c.position || null }))))
        .catch(() => {});
    };
    window.addEventListener(SCHEDULE_CANDIDATE, pick);
    window.addEventListener(SHORTLISTS_CHANGED, reloadLists);
    return () => (window.removeEventListener(SCHEDULE_CANDIDATE, pick), window.removeEventListener(SHORTLISTS_CHANGED, reloadLists));
  }, []);
  const range = selectableRange(now, tz);
  // A chosen interview type with its own panel or pool decides who interviews.
  const chosenType = types.find((t) => String(t.id) === typeId);
  const typePeople = !!chosenType && (!!chosenType.pool || chosenType.interviewers.length > 0);
  const shortlist = shortlists.find((s) => String(s.id) === shortlistId);
  const nameOf = (id: number) => candidates.find((c) => c.id === id)?.name || `Candidate ${id}`;

  const toggleDate = (d: string) => setDates((ds) => (ds.includes(d) ? ds.filter((x) => x !== d) : [...ds, d].sort()));

  function addSlots() {
    if (!dates.length) return toast({ title: "No dates selected", description: "Please select at least one date", variant: "destructive" });
    const request = { dates, start, end, duration, timeZone: tz };
    const made = generateSlots(request).filter((s) => Date.parse(s.startTime) > Date.now());
    if (!made.length) return toast({ title: "No time slots", description: noSlotsReason(request), variant: "destructive" });
    setSlots((s) =>
      mergeSlots(
        s.filter((x) => Date.parse(x.endTime) - Date.parse(x.startTime) === duration * 60_000),
        made,
      ),
    );
  }

  async function create() {
    const ids = retry ? retry.ids : shortlist ? shortlist.candidateIds : candidateId ? [Number(candidateId)] : [];
    if (mode === "availability" && ids.length && (!rangeFrom || !rangeTo))
      return toast({ title: "Missing information", description: "Choose the first and last dates to offer", variant: "destructive" });
    if (!ids.length || (mode === "slots" && !slots.length)) return toast({ title: "Missing information", description: "Please select a candidate and add time slots", variant: "destructive" });
    const ownPeople = mode === "availability" && !typePeople;
    const problem = ownPeople ? peopleProblem(people) : null;
    if (problem) return toast({ title: "Missing information", description: problem, variant: "destructive" });
    setBusy(true);
    const body = (id: number) => ({
      candidateId: id,
      title: "Interview",
      description: "",
      shortlistId: shortlist?.id ?? null,
      duration,
      ...(mode === "availability" ? { mode, from: rangeFrom, to: rangeTo } : { timeSlots: slots }),
      timeZone: tz,
      expiresAt: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      sendEmail,
      message: message.trim() || null,
      ...(video ? { videoLink: { kind: video, url: video === "fixed" ? videoUrl.trim() : null } } : {}),
      ...(interviewerId ? { interviewerId: Number(interviewerId) } : {}),
      ...(ownPeople ? peopleFields(people, interviewerId ? Number(interviewerId) : (props.meId ?? null)) : {}),
      ...(typeId ? { interviewTypeId: Number(typeId), title: types.find((t) => String(t.id) === typeId)?.name ?? "Interview", description: undefined } : {}),
    });
    const results = await Promise.allSettled(ids.map((id) => api("/api/scheduling-sessions", { body: body(id) })));
    setBusy(false);
    const outcome = batchOutcome(ids, results);
    const failed = outcome.failed.length;
    const made = outcome.made.length;
    // Lost connection: everything entered stays; Retry sends only the sessions still missing.
    if (results.some((r) => r.status === "rejected" && isConnectionError(r.reason))) {
      if (made) setRetry({ ids: outcome.failed, notice: retryNotice(outcome, nameOf) });
      return toast({
        title: "Connection lost",
        description: "Nothing you entered is lost. Retry when the connection is back.",
        variant: "destructive",
        duration: 15_000,
        action: { label: "Retry", onClick: () => void latestCreate.current() },
      });
    }
    if (made) window.dispatchEvent(new CustomEvent(SESSIONS_CHANGED));
    if (ids.length === 1) {
      const refused = results[0]?.status === "rejected" ? serverMessage(results[0].reason) : undefined;
      if (failed) return toast({ title: "Error", description: refused ?? "Failed to create scheduling session", variant: "destructive" });
      toast({ title: "Success", description: "Scheduling session created. Copy the link from Active Sessions.", variant: "success" });
    } else if (failed) {
      // Those that succeeded leave the form, so sending again cannot duplicate them.
      if (made) setRetry({ ids: outcome.failed, notice: retryNotice(outcome, nameOf) });
      return toast({ title: "Error", description: `Failed to create some scheduling sessions (${failed} of ${ids.length} failed)`, variant: "destructive" });
    } else {
      toast({ title: "Success", description: `${made} scheduling sessions created`, variant: "success" });
    }
    setRetry(null);
    setSlots([]);
    setDates([]);
    setRangeFrom("");
    setRangeTo("");
  }

  function chooseType(id: string) {
    setTypeId(id);
    const t = types.find((x) => String(x.id) === id);
    if (!t) return;
    setDuration(t.duration);
    setSlots([]);
    if (t.defaultMessage) setMessage(t.defaultMessage);
    setVideo(t.videoLink?.kind ?? "");
    setVideoUrl(t.videoLink?.url ?? "");
    // A panel or a pool offers free times: hand-picked slots cannot say who is free.
    if (t.pool || t.interviewers.length) setMode("availability");
  }

  // The toast's Retry runs the newest create(), with whatever the recruiter has changed since.
  const latestCreate = useRef(create);
  latestCreate.current = create;

  return (
    <section className="card h-full" aria-labelledby="schedule-title">
      <div className="card-header">
        <h2 id="schedule-title" className="card-title">
          Schedule Interview
        </h2>
        <p className="text-sm text-slate-500">Offer times; the candidate picks one on a private link.</p>
      </div>
      <div className="card-body space-y-4">
        {types.length ? <InterviewTypeSelect types={types} value={typeId} onChange={chooseType} /> : null}
        <CandidateOrShortlist
          picked={picked}
          pickerDisabled={!!shortlist || !!retry}
          onPick={(c) => (setPicked(c), setCandidateId(c ? String(c.id) : ""), c && setCandidates((l) => (l.some((x) => x.id === c.id) ? l : [...l, c])))}
          shortlists={shortlists}
          shortlistId={shortlistId}
          onShortlist={(id) => (setRetry(null), setShortlistId(id))}
          retryNotice={retry?.notice ?? null}
          onStartOver={() => setRetry(null)}
        />
        {props.interviewers && props.interviewers.length > 1 ? (
          <div>
            <label className="label" htmlFor="sched-interviewer">
              Interviewer
            </label>
            <select id="sched-interviewer" className="input" value={interviewerId} onChange={(e) => (setInterviewerId(e.currentTarget.value), setSlots([]))}>
              {props.interviewers.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.id === props.meId ? `${m.name} (you)` : m.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label className="label" htmlFor="sched-duration">
            Duration
          </label>
          <select id="sched-duration" className="input" value={duration} onChange={(e) => (setDuration(Number(e.currentTarget.value)), setSlots([]))}>
            {DURATIONS.map((d) => (
              <option key={d} value={d}>
                {d} minutes
              </option>
            ))}
          </select>
        </div>
        <fieldset className="space-y-1">
          <legend className="label">Times to offer</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="sched-mode" value="slots" checked={mode === "slots"} onChange={() => setMode("slots")} />
            Times I pick
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name="sched-mode" value="availability" checked={mode === "availability"} onChange={() => setMode("availability")} />
            My free times (from my availability and calendar)
          </label>
        </fieldset>
        {mode === "availability" ? (
          <FreeTimesRange first={range.first} last={range.last} from={rangeFrom} to={rangeTo} onFrom={setRangeFrom} onTo={setRangeTo} tz={tz}>
            {props.interviewers && props.interviewers.length > 1 && !typePeople ? (
              <PeopleChoice members={props.interviewers} organiserId={interviewerId ? Number(interviewerId) : (props.meId ?? null)} value={people} onChange={setPeople} />
            ) : null}
          </FreeTimesRange>
        ) : (
          <>
            <div>
              <span className="label">Dates ({dates.length} selected)</span>
              <MultiDatePicker first={range.first} last={range.last} selected={dates} onToggle={toggleDate} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <TimeSelect label="Start time" value={start} onChange={setStart} />
              <TimeSelect label="End time" value={end} onChange={setEnd} />
            </div>
            <p className="text-xs text-slate-500" data-testid="sched-tz">
              Times in {tz}
            </p>
            <button type="button" className="btn-outline w-full" onClick={addSlots}>
              Add Time Slots
            </button>
          </>
        )}
        {mode === "slots" && slots.length ? <SlotList slots={slots} tz={tz} onClear={() => setSlots([])} onRemove={(slot) => setSlots((all) => all.filter((x) => x !== slot))} /> : null}
        <VideoLinkFields video={video} url={videoUrl} onVideo={setVideo} onUrl={setVideoUrl} />
        <BookingEmailFields sendEmail={sendEmail} onSendEmail={setSendEmail} message={message} onMessage={setMessage} />
        <button type="button" className="btn-primary w-full" onClick={create} disabled={busy}>
          {busy ? "Creating..." : retry ? `Create Sessions (${retry.ids.length})` : shortlist ? `Create Sessions (${shortlist.candidateIds.length})` : "Create Session"}
        </button>
      </div>
    </section>
  );
}
