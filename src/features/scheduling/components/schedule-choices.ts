/**
 * What the Schedule Interview card chooses from, kept current in the browser: the member's zone and
 * today, the candidates and shortlists (reloaded when a shortlist changes), the interview types, and
 * the candidate picked (also by the chat popup's "schedule" event, which names only an id).
 */
import { useEffect, useState } from "react";
import type { CandidateListAnswer, InterviewTypeListAnswer, ParticipantAnswer, ShortlistListAnswer } from "../../../client/answers";
import { api } from "../../../client/api";
import { latestRequests } from "../../../client/latest";
import type { PickedCandidate } from "./candidate-picker";
import { SCHEDULE_CANDIDATE, SHORTLISTS_CHANGED } from "../events";

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
export type InterviewTypeChoice = InterviewTypeListAnswer["interviewTypes"][number];

/** The member's zone (issue 41), else the browser's once hydrated; and now, from the page until hydrated. */
export function useMemberClock(pageNow: string, timeZone: string | undefined) {
  const [tz, setTz] = useState(timeZone ?? "UTC");
  const [now, setNow] = useState(() => new Date(pageNow));
  useEffect(() => {
    if (!timeZone) setTz(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    setNow(new Date());
  }, []);
  return { tz, now };
}

const asChoice = (c: CandidateListAnswer["candidates"][number]): CandidateChoice => ({ id: c.id, name: `${c.firstName} ${c.lastName}`.trim(), position: c.position || null });

/** The candidate, shortlist and interview type lists, and the candidate or shortlist chosen. */
export function useScheduleChoices(initial: { candidates: CandidateChoice[]; shortlists: ShortlistChoice[] }) {
  const [candidates, setCandidates] = useState(initial.candidates);
  const [shortlists, setShortlists] = useState(initial.shortlists);
  const [candidateId, setCandidateId] = useState("");
  const [picked, setPicked] = useState<PickedCandidate | null>(null);
  const [shortlistId, setShortlistId] = useState("");
  // Interview types (issue 36): offered first; choosing one fills in its duration, message and video link.
  const [types, setTypes] = useState<InterviewTypeChoice[]>([]);
  useEffect(() => {
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
        .then((r) => rc.current() && setCandidates(r.candidates.map(asChoice)))
        .catch(() => {});
    };
    window.addEventListener(SCHEDULE_CANDIDATE, pick);
    window.addEventListener(SHORTLISTS_CHANGED, reloadLists);
    return () => (window.removeEventListener(SCHEDULE_CANDIDATE, pick), window.removeEventListener(SHORTLISTS_CHANGED, reloadLists));
  }, []);

  /** The picker's choice (or none); a candidate found by search joins the list the names are read from. */
  const pickCandidate = (c: PickedCandidate | null) => {
    setPicked(c);
    setCandidateId(c ? String(c.id) : "");
    if (c) setCandidates((l) => (l.some((x) => x.id === c.id) ? l : [...l, c]));
  };
  const shortlist = shortlists.find((s) => String(s.id) === shortlistId);
  const nameOf = (id: number) => candidates.find((c) => c.id === id)?.name || `Candidate ${id}`;
  return { types, shortlists, shortlist, shortlistId, setShortlistId, picked, pickCandidate, candidateId, nameOf };
}
