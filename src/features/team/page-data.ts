import type { Deps } from "../../deps";
import type { SignedIn } from "../auth/service";
import { listActivity, type ActivityItem } from "./activity";
import type { InvitationView, MemberView } from "./model";
import { can } from "../auth/permissions";
import { interviewsOfFormerMembers, type LeftBehindInterview } from "../scheduling/left-behind";
import { memberZone } from "../../lib/time-zone";
import { invitationPage, listInvitations, type InvitationPageData } from "./invitations";
import { listMembers } from "./service";

/**
 * The loaders of the team's pages: plain props, read before rendering, so the page components
 * only render (docs/decisions/0022). Each checks the member's permission through the service.
 */
type Me = SignedIn["user"];

/**
 * /settings/members: the members, the pending invitations when the role may see them, and the
 * upcoming interviews a hand-over left with former members when the role may hand them over.
 */
export function loadMembersPage(deps: Deps, me: Me): { members: MemberView[]; invitations: InvitationView[] | null; leftBehind: LeftBehindInterview[]; timeZone: string } {
  return {
    members: listMembers(deps, me),
    invitations: can(me, "invitations.read") ? listInvitations(deps, me) : null,
    leftBehind: can(me, "records.reassign") ? interviewsOfFormerMembers(deps.db, me.workspaceId, deps.clock.now()) : [],
    timeZone: memberZone(me),
  };
}

/** /settings/activity: the newest 100 (or `limit`) entries under the filter, and the members to filter by. */
export function loadActivityPage(
  deps: Deps,
  me: Me,
  filter: { member?: number; action?: string; before?: number; limit?: number },
): { members: MemberView[]; activity: ActivityItem[]; filter: { member?: number; action?: string } } {
  const { activity } = listActivity(deps, me, { memberId: filter.member, action: filter.action, before: filter.before, limit: filter.limit ?? 100 });
  return { members: listMembers(deps, me), activity, filter };
}

/** /invite/{token}: what the invitation says, and who is signed in (if anyone). */
export function loadInvitePage(deps: Deps, token: string, me: Me | null): { data: InvitationPageData; signedInAs: string | null } {
  return { data: invitationPage(deps, token), signedInAs: me?.email ?? null };
}
