CREATE TABLE `workspace_logos` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`bytes` blob NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `shortlist_answers` ADD `picked_times` text;--> statement-breakpoint
ALTER TABLE `shortlist_answers` ADD `picked_time_zone` text;--> statement-breakpoint
ALTER TABLE `shortlist_answers` ADD `picked_at` integer;--> statement-breakpoint
ALTER TABLE `shortlist_answers` ADD `offered_session_id` integer;--> statement-breakpoint
ALTER TABLE `shortlist_answers` ADD `offered_at` integer;--> statement-breakpoint
ALTER TABLE `shortlist_shares` ADD `allow_scheduling` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shortlist_shares` ADD `interview_minutes` integer DEFAULT 60 NOT NULL;