CREATE TABLE `intro_call_bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`host_user_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`participant_id` integer,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`scheduling_session_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `intro_call_bookings_slot_idx` ON `intro_call_bookings` (`host_user_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `intro_call_bookings_ws_idx` ON `intro_call_bookings` (`workspace_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `visitor_conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`kind` text NOT NULL,
	`job_id` integer,
	`campaign_id` integer,
	`questions` text NOT NULL,
	`answers` text DEFAULT '[]' NOT NULL,
	`completed_at` integer,
	`participant_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`visitor_id`) REFERENCES `visitors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `visitor_conversations_unique_idx` ON `visitor_conversations` (`workspace_id`,`visitor_id`,`kind`);--> statement-breakpoint
CREATE INDEX `visitor_conversations_visitor_idx` ON `visitor_conversations` (`visitor_id`);--> statement-breakpoint
CREATE TABLE `visitor_job_questions` (
	`workspace_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`questions` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`workspace_id`, `job_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `visitor_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`prequalifier_url` text,
	`assessment_url` text,
	`scheduler_url` text,
	`host_user_id` integer,
	`intro_call_minutes` integer DEFAULT 15 NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`weekly_availability` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `visitors` (
	`id` text PRIMARY KEY NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
