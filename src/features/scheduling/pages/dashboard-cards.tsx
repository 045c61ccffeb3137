import type { Deps } from "../../../deps";
import { Island } from "../../../lib/render";
import type { Shell } from "../../../ui/shell";
import SchedulingCreate from "../../../../islands/scheduling-create";
import SchedulingSessions from "../../../../islands/scheduling-sessions";
import SchedulingMeetings from "../../../../islands/scheduling-meetings";
import { candidateChoices, shortlistChoices } from "../candidate-source";
import { listMeetings, listSessions } from "../service";
import { listMembers } from "../../team/service";

/** Schedule Interview, Active Sessions and Interview Status: three cells of the dashboard grid. */
export function SchedulingCards({ deps, shell }: { deps: Deps; shell: Shell }) {
  const ws = shell.user.workspaceId;
  const candidates = candidateChoices(deps, ws).map(({ id, name, position }) => ({ id, name, position }));
  return (
    <>
      <Island name="scheduling-create" component={SchedulingCreate} props={{ candidates, shortlists: shortlistChoices(deps, ws), now: deps.clock.now().toISOString(), interviewers: listMembers(deps, shell.user).map((m) => ({ id: m.id, name: m.name || m.email })), meId: shell.user.id }} />
      <Island name="scheduling-sessions" component={SchedulingSessions} props={{ sessions: listSessions(deps, ws), meId: shell.user.id }} />
      <Island name="scheduling-meetings" component={SchedulingMeetings} props={{ meetings: listMeetings(deps, ws), meId: shell.user.id }} />
    </>
  );
}
