// The JSON answers the islands read, each the output type of the zod schema its route declares
// in the feature's model.ts (decision 0029). Rename a field in a route's schema and every island
// that reads it fails the type check. Type-only: nothing of zod or the server reaches a bundle.
// An island names the answer it reads: api<SessionListAnswer>("/api/scheduling-sessions").
import type { z } from "zod";
import type { ProfileAnswer } from "../features/auth/model";
import type { BillingAnswer } from "../features/billing/model";
import type { PreviewView } from "../features/applications/model";
import type { CalendarList, CalendarStatus, FeedAnswer, SyncReport } from "../features/calendar/model";
import type { CandidateListView, DatabaseStatsView, ImportResultView, ParticipantPageView, ParticipantView } from "../features/candidates/model";
import type { ChatEventAnswer, ChatHistory, ConfirmedAction, DismissedAction } from "../features/chat/model";
import type { CampaignList, JobList, OneCampaign, OneJob } from "../features/jobs/model";
import type { ClientList } from "../features/clients/model";
import type { BackupList, DebugList, SyncStatusView, SyncTriggerView } from "../features/monitor/model";
import type { CandidateActivity, TestDataCount, TestDataRemoved } from "../features/people/model";
import type { InterviewTypeList } from "../features/scheduling/model";
import type { InterviewView, MeetingList, SessionList } from "../features/scheduling/views";
import type { ShortlistList } from "../features/shortlists/model";
import type { ChatStateView } from "../features/visitors/model";

type Of<S extends z.ZodType> = z.output<S>;

/** GET /api/auth/profile */
export type ProfileAnswerBody = Of<typeof ProfileAnswer>;
/** GET /api/auth/billing */
export type BillingAnswerBody = Of<typeof BillingAnswer>;
/** GET /api/calendar/status */
export type CalendarStatusAnswer = Of<typeof CalendarStatus>;
/** GET /api/calendar/list */
export type CalendarListAnswer = Of<typeof CalendarList>;
/** POST /api/calendar/sync */
export type CalendarSyncAnswer = Of<typeof SyncReport>;
/** POST /api/calendar/feed/regenerate */
export type FeedAnswerBody = Of<typeof FeedAnswer>;
/** GET /api/candidates (the test page's list, the scheduling card's choices) */
export type CandidateListAnswer = Of<typeof CandidateListView>;
/** GET /api/database/stats */
export type DatabaseStatsAnswer = Of<typeof DatabaseStatsView>;
/** POST /api/participants/import */
export type ImportAnswer = Of<typeof ImportResultView>;
/** GET /api/participants */
export type ParticipantPageAnswer = Of<typeof ParticipantPageView>;
/** GET and PATCH /api/participants/{id} */
export type ParticipantAnswer = Of<typeof ParticipantView>;
/** POST /api/chat-events */
export type ChatEventAnswerBody = Of<typeof ChatEventAnswer>;
/** GET /api/chat/history */
export type ChatHistoryAnswer = Of<typeof ChatHistory>;
/** POST /api/chat/actions/{id}/confirm */
export type ConfirmedActionAnswer = Of<typeof ConfirmedAction>;
export type DismissedActionAnswer = Of<typeof DismissedAction>;
/** GET /api/jobs/{id}/campaigns */
export type CampaignListAnswer = Of<typeof CampaignList>;
/** POST /api/jobs/{id}/campaigns */
export type CampaignAnswer = Of<typeof OneCampaign>;
/** POST /api/jobs */
export type JobAnswer = Of<typeof OneJob>;
/** GET /api/jobs */
export type JobListAnswer = Of<typeof JobList>;
/** GET /api/clients */
export type ClientListAnswer = Of<typeof ClientList>;
/** GET /api/participants/backup */
export type BackupListAnswer = Of<typeof BackupList>;
/** GET /api/database/debug… (the debug page's lists) */
export type DebugListAnswer = Of<typeof DebugList>;
/** GET /api/participants/sync/status */
export type SyncStatusAnswer = Of<typeof SyncStatusView>;
/** POST /api/participants/sync/trigger */
export type SyncTriggerAnswer = Of<typeof SyncTriggerView>;
/** GET /api/participants/{id}/activity */
export type CandidateActivityAnswer = Of<typeof CandidateActivity>;
/** GET /api/participants/test-data */
export type TestDataCountAnswer = Of<typeof TestDataCount>;
/** DELETE /api/participants/test-data */
export type TestDataRemovedAnswer = Of<typeof TestDataRemoved>;
/** POST /api/interviews/{id}/cancel, /reschedule, /status */
export type InterviewAnswer = Of<typeof InterviewView>;
/** GET /api/meetings */
export type MeetingListAnswer = Of<typeof MeetingList>;
/** GET /api/scheduling-sessions */
export type SessionListAnswer = Of<typeof SessionList>;
/** GET /api/interview-types */
export type InterviewTypeListAnswer = Of<typeof InterviewTypeList>;
/** GET /api/shortlists */
export type ShortlistListAnswer = Of<typeof ShortlistList>;
/** POST /api/visitors/{kind}/answer */
export type ChatStateAnswer = Of<typeof ChatStateView>;
/** GET /api/email-templates/{id}/preview */
export type TemplatePreviewAnswer = Of<typeof PreviewView>;
