// The tables, re-exported for drizzle-kit (it reads this index to generate migrations) and for
// code that imports them from here. Each table's schema sits with the feature that owns it (the
// one that writes it); lib's task table and mail outbox stay here.
export * from "./tasks";
export * from "./mail";
export * from "./scheduled-runs";
export * from "../../features/auth/schema";
export * from "../../features/jobs/schema";
export * from "../../features/candidates/schema";
export * from "../../features/shortlists/schema";
export * from "../../features/client-shares/schema";
export * from "../../features/candidate-files/schema";
export * from "../../features/workspace-logo/schema";
export * from "../../features/candidate-drafts/schema";
export * from "../../features/visitors/schema";
export * from "../../features/scheduling/schema";
export * from "../../features/scheduling/schema-availability";
export * from "../../features/monitor/schema";
export * from "../../features/calendar/schema";
export * from "../../features/billing/schema";
export * from "../../features/chat/schema";
export * from "../../features/team/schema";
export * from "../../features/webhooks/schema";
export * from "../../features/events/schema";
export * from "../../features/clients/schema";
export * from "../../features/applications/schema";
export * from "../../features/feedback/schema";
export * from "../../features/placements/schema";
export * from "../../features/matching/schema";
export * from "../../features/suggestions/schema";
export * from "../../features/careers/schema";
export * from "../../features/messages/schema";
