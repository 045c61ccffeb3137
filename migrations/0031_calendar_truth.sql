CREATE TABLE `meeting_flags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`start_time` integer,
	`end_time` integer,
	`subject` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `meeting_flags_meeting_idx` ON `meeting_flags` (`meeting_id`,`kind`);--> statement-breakpoint
CREATE TABLE `calendar_busy_events` (
	`user_id` integer NOT NULL,
	`calendar_id` text NOT NULL,
	`event_id` text NOT NULL,
	`summary` text,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`transparent` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`frank_event` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`user_id`, `calendar_id`, `event_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_busy_user_time_idx` ON `calendar_busy_events` (`user_id`,`start_time`);--> statement-breakpoint
CREATE TABLE `calendar_calendars` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`calendar_id` text NOT NULL,
	`name` text NOT NULL,
	`is_primary` integer DEFAULT false NOT NULL,
	`check_conflicts` integer DEFAULT false NOT NULL,
	`sync_token` text,
	`last_synced_at` integer,
	`last_full_sync_at` integer,
	`sync_error` text,
	`channel_id` text,
	`channel_token_hash` text,
	`channel_resource_id` text,
	`channel_expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_calendars_user_cal_idx` ON `calendar_calendars` (`user_id`,`calendar_id`);--> statement-breakpoint
CREATE INDEX `calendar_calendars_channel_idx` ON `calendar_calendars` (`channel_id`);--> statement-breakpoint
CREATE TABLE `calendar_event_homes` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`calendar_id` text NOT NULL,
	`event_id` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `calendar_event_homes_event_idx` ON `calendar_event_homes` (`user_id`,`event_id`);--> statement-breakpoint
CREATE TABLE `calendar_video_links` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`kind` text DEFAULT 'google_meet' NOT NULL,
	`url` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `calendar_workspace_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`on_event_change` text DEFAULT 'follow' NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `meetings` ADD `video_kind` text;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `video_kind` text;--> statement-breakpoint
ALTER TABLE `scheduling_sessions` ADD `video_url` text;