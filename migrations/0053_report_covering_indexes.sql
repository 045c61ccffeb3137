CREATE INDEX `participants_campaign_idx` ON `participants` (`id`,`campaign_id`);--> statement-breakpoint
CREATE INDEX `meetings_report_idx` ON `meetings` (`workspace_id`,`start_time`,`user_id`,`status`,`no_show_by`,`end_time`);--> statement-breakpoint
CREATE INDEX `meetings_session_created_idx` ON `meetings` (`session_id`,`created_at`);--> statement-breakpoint
-- The new indexes need statistics beside the old ones: without them the planner took meetings_report_idx
-- for the dashboard's newest interviews (a sort of every interview instead of reading meetings_created_idx).
ANALYZE `meetings`;