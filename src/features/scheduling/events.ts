// Window events between the scheduling islands (they hydrate separately) and other features.
/** A session was created or cancelled: the Active Sessions card refreshes at once. */
export const SESSIONS_CHANGED = "frank:scheduling-changed";
/** detail: { candidateId }. Preselects a candidate in the Schedule Interview card (e.g. from the chat popup). */
export const SCHEDULE_CANDIDATE = "frank:schedule-candidate";
/** Sent when a shortlist is made or its candidates change (the dashboard's candidates card); the Schedule Interview card reloads its lists. */
export const SHORTLISTS_CHANGED = "frank:shortlists-changed";

export const POLL_SESSIONS_MS = 10_000;
export const POLL_MEETINGS_MS = 15_000;
export const CANCEL_SESSION_CONFIRM = "Are you sure you want to cancel this scheduling session? The candidate's link will stop working.";
