CREATE TABLE `interview_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`duration` integer NOT NULL,
	`video_kind` text,
	`video_url` text,
	`location` text,
	`description` text,
	`default_message` text,
	`interviewers` text NOT NULL,
	`pool` text,
	`buffer_before_minutes` integer,
	`buffer_after_minutes` integer,
	`minimum_notice_minutes` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `interview_types_workspace_idx` ON `interview_types` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `meeting_interviewers` (
	`meeting_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`required` integer NOT NULL,
	PRIMARY KEY(`meeting_id`, `user_id`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_interviewers_user_idx` ON `meeting_interviewers` (`user_id`);--> statement-breakpoint
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
CREATE TABLE `scheduling_workspace_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`candidate_change_cutoff_minutes` integer DEFAULT 720 NOT NULL,
	`max_candidate_moves` integer DEFAULT 2 NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `session_interviewers` (
	`session_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`session_id`, `user_id`),
	FOREIGN KEY (`session_id`) REFERENCES `scheduling_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `meetings` ADD `assigned_by` text;--> statement-breakpoint
ALTER TABLE `meetings` ADD `assignment_reason` text;--> statement-breakpoint
ALTER TABLE `meetings` ADD `candidate_moves` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `mode` text DEFAULT 'slots' NOT NULL;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `offer_from` integer;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `offer_to` integer;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `pool_strategy` text;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `interview_type_id` integer;