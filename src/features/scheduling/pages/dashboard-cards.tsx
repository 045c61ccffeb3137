import type { SchedulingDeps } from "../needs";
import type { users } from "../../../db/schema";
import { Island } from "../../../lib/render";
import { memberZone } from "../../../lib/time-zone";
import SchedulingCreate from "../islands/scheduling-create";
import SchedulingSessions from "../islands/scheduling-sessions";
import SchedulingMeetings from "../islands/scheduling-meetings";
import { candidateChoices, shortlistChoices } from "../candidate-source";
import { listSessions } from "../session-list";
import { listMeetings } from "../interviews";
import { workspaceMembers } from "../../auth/members";

/** What the scheduling cards show on the first response (the dashboard's loader calls this). */
export function loadSchedulingCards(deps: SchedulingDeps, user: typeof users.$inferSelect) {
  const ws = user.workspaceId;
  return {
    meId: user.id,
    // The member's zone (issue 41): the cards and the Schedule form show times in it.
    timeZone: memberZone(user),
    candidates: candidateChoices(deps, ws).map(({ id, name, position }) => ({ id, name, position })),
    shortlists: shortlistChoices(deps, ws),
    now: deps.clock.now().toISOString(),
    interviewers: workspaceMembers(deps, ws).map((m) => ({ id: m.id, name: m.name || m.email })),
    sessions: listSessions(deps, ws),
    meetings: listMeetings(deps, ws),
  };
}

/** Schedule Interview, Active Sessions and Interview Status: three cells of the dashboard grid. */
export function SchedulingCards({ cards: c }: { cards: ReturnType<typeof loadSchedulingCards> }) {
  return (
    <>
      <Island
        name="scheduling-create"
        component={SchedulingCreate}
        props={{ candidates: c.candidates, shortlists: c.shortlists, now: c.now, interviewers: c.interviewers, meId: c.meId, timeZone: c.timeZone }}
      />
      <Island name="scheduling-sessions" component={SchedulingSessions} props={{ sessions: c.sessions, meId: c.meId, timeZone: c.timeZone }} />
      <Island name="scheduling-meetings" component={SchedulingMeetings} props={{ meetings: c.meetings, meId: c.meId, timeZone: c.timeZone }} />
    </>
  );
}
