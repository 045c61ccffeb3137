import { useRef, useState } from "react";
import { api } from "../../../client/api";
import { toast } from "../../../client/toast";
import { SESSIONS_CHANGED } from "../events";
import { FreeTimesRange } from "../components/time-fields";
import { SlotList } from "../components/slot-list";
import { BookingEmailFields, CandidateOrShortlist } from "../components/schedule-who";
import { InterviewTypeSelect } from "../components/interview-type-select";
import { VideoLinkFields, type VideoChoice } from "../components/video-link-fields";
import { PeopleChoice, type PeopleValue } from "../components/people-choice";
import { type CandidateChoice, type InterviewTypeChoice, type ShortlistChoice, useMemberClock, useScheduleChoices } from "../components/schedule-choices";
import { CreateButton, DurationSelect, HandPickedTimes, InterviewerSelect, OfferModeChoice } from "../components/schedule-fields";
import { candidatesToSchedule, createAnswer, missingInformation, organiserOf, type RetryBatch, sessionBody, type SessionForm } from "../components/session-create";
import { DEFAULT_DURATION, DEFAULT_WINDOW, generateSlots, noSlotsReason, mergeSlots, selectableRange, type TimeSlot } from "../slots";

export type { CandidateChoice, ShortlistChoice } from "../components/schedule-choices";

/** A chosen interview type with its own panel or pool decides who interviews. */
const typeChoosesPeople = (t: InterviewTypeChoice | undefined) => !!t && (!!t.pool || t.interviewers.length > 0);

/** Schedule Interview card: candidate (or shortlist), duration, dates, window → slots → one session per candidate. */
export default function SchedulingCreate(props: {
  candidates: CandidateChoice[];
  shortlists: ShortlistChoice[];
  now: string;
  interviewers?: { id: number; name: string }[];
  meId?: number;
  timeZone?: string;
}) {
  const { tz, now } = useMemberClock(props.now, props.timeZone);
  const choices = useScheduleChoices(props);
  const { types, shortlist } = choices;
  const meId = props.meId ?? null;
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
  const [typeId, setTypeId] = useState("");
  const [busy, setBusy] = useState(false);
  const [sendEmail, setSendEmail] = useState(true);
  const [message, setMessage] = useState("");
  const [video, setVideo] = useState<VideoChoice>("");
  const [videoUrl, setVideoUrl] = useState("");
  // The member who holds the interview (issue 18): the creator unless another is chosen.
  const [interviewerId, setInterviewerId] = useState(meId ? String(meId) : "");
  // After a batch partly failed: only the candidates still without a session, and why.
  const [retry, setRetry] = useState<RetryBatch | null>(null);
  const range = selectableRange(now, tz);
  const chosenType = types.find((t) => String(t.id) === typeId);
  const typePeople = typeChoosesPeople(chosenType);
  const teamChoosesPeople = (props.interviewers?.length ?? 0) > 1 && !typePeople;

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

  /** The times chosen leave the form once every session was made. */
  function clearTimes() {
    setRetry(null);
    setSlots([]);
    setDates([]);
    setRangeFrom("");
    setRangeTo("");
  }

  /** What the card holds now, as Create sends it. */
  function currentForm(): SessionForm {
    return {
      mode,
      slots,
      rangeFrom,
      rangeTo,
      duration,
      timeZone: tz,
      shortlistId: shortlist?.id ?? null,
      sendEmail,
      message,
      video,
      videoUrl,
      interviewerId,
      meId,
      people,
      typeId,
      typeName: chosenType?.name,
      typePeople,
    };
  }

  async function create() {
    const ids = candidatesToSchedule(retry, shortlist, choices.candidateId);
    const form = currentForm();
    const problem = missingInformation(form, ids);
    if (problem) return toast({ title: "Missing information", description: problem, variant: "destructive" });
    setBusy(true);
    const results = await Promise.allSettled(ids.map((id) => api("/api/scheduling-sessions", { body: sessionBody(form, id) })));
    setBusy(false);
    const answer = createAnswer(ids, results, choices.nameOf, () => void latestCreate.current());
    if (answer.retry !== undefined) setRetry(answer.retry);
    if (answer.changed) window.dispatchEvent(new CustomEvent(SESSIONS_CHANGED));
    toast(answer.toast);
    if (answer.reset) clearTimes();
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
          picked={choices.picked}
          pickerDisabled={!!shortlist || !!retry}
          onPick={choices.pickCandidate}
          shortlists={choices.shortlists}
          shortlistId={choices.shortlistId}
          onShortlist={(id) => (setRetry(null), choices.setShortlistId(id))}
          retryNotice={retry ? retry.notice : null}
          onStartOver={() => setRetry(null)}
        />
        <InterviewerSelect interviewers={props.interviewers} meId={props.meId} value={interviewerId} onChange={(id) => (setInterviewerId(id), setSlots([]))} />
        <DurationSelect value={duration} onChange={(d) => (setDuration(d), setSlots([]))} />
        <OfferModeChoice mode={mode} onChange={setMode} />
        {mode === "availability" ? (
          <FreeTimesRange first={range.first} last={range.last} from={rangeFrom} to={rangeTo} onFrom={setRangeFrom} onTo={setRangeTo} tz={tz}>
            {teamChoosesPeople ? <PeopleChoice members={props.interviewers!} organiserId={organiserOf(interviewerId, meId)} value={people} onChange={setPeople} /> : null}
          </FreeTimesRange>
        ) : (
          <HandPickedTimes range={range} dates={dates} onToggleDate={toggleDate} start={start} end={end} onStart={setStart} onEnd={setEnd} tz={tz} onAdd={addSlots} />
        )}
        {mode === "slots" && slots.length ? <SlotList slots={slots} tz={tz} onClear={() => setSlots([])} onRemove={(slot) => setSlots((all) => all.filter((x) => x !== slot))} /> : null}
        <VideoLinkFields video={video} url={videoUrl} onVideo={setVideo} onUrl={setVideoUrl} />
        <BookingEmailFields sendEmail={sendEmail} onSendEmail={setSendEmail} message={message} onMessage={setMessage} />
        <CreateButton busy={busy} retry={retry} shortlist={shortlist} onClick={create} />
      </div>
    </section>
  );
}
