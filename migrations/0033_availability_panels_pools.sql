CREATE TABLE `member_availability` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`time_zone` text NOT NULL,
	`weekly` text NOT NULL,
	`overrides` text NOT NULL,
	`buffer_before_minutes` integer DEFAULT 0 NOT NULL,
	`buffer_after_minutes` integer DEFAULT 0 NOT NULL,
	`minimum_notice_minutes` integer DEFAULT 240 NOT NULL,
	`max_interviews_per_day` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `mode` text DEFAULT 'slots' NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `offer_from` integer;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `offer_to` integer;