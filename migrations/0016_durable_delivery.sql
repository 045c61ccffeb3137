CREATE TABLE `work_queue` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer DEFAULT 0 NOT NULL,
	`lease_until` integer,
	`done_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `work_queue_due_idx` ON `work_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
DROP INDEX `outbox_status_idx`;--> statement-breakpoint
ALTER TABLE `outbox` ADD `meeting_id` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `kind` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `audience` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `ical_event` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `next_attempt_at` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `lease_until` integer;--> statement-breakpoint
CREATE INDEX `outbox_meeting_idx` ON `outbox` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `candidate_time_zone` text;--> statement-breakpoint
CREATE INDEX `meetings_user_time_idx` ON `meetings` (`user_id`,`status`,`start_time`);--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `token_sealed` text;