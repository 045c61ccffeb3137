DROP INDEX `applications_report_idx`;--> statement-breakpoint
ALTER TABLE `applications` ADD `campaign_id` integer REFERENCES campaigns(id) ON DELETE set null;--> statement-breakpoint
-- Each application keeps its candidate's campaign (decision 59): filled once from the candidates, before the index is built.
UPDATE `applications` SET `campaign_id` = p.campaign_id FROM `participants` AS p
WHERE p.id = `applications`.participant_id AND p.campaign_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX `applications_report_idx` ON `applications` (`workspace_id`,`created_at`,`job_id`,`owner_user_id`,`stage_id`,`source`,`campaign_id`,`reached`,`stays`);--> statement-breakpoint
-- The rebuilt index needs its statistics back (the planner weighs it against the others by them).
ANALYZE `applications`;
