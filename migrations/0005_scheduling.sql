CREATE TABLE `meetings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`public_id` text NOT NULL,
	`workspace_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`slot_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`candidate_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`notes` text,
	`location` text,
	`status` text DEFAULT 'scheduled' NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`manage_token_hash` text NOT NULL,
	`calendar_event_id` text,
	`meeting_url` text,
	`reminder_sent_at` integer,
	`sequence` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `scheduling_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`slot_id`) REFERENCES `scheduling_slots`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`candidate_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_public_id_unique` ON `meetings` (`public_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_manage_token_hash_unique` ON `meetings` (`manage_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_session_idx` ON `meetings` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_slot_idx` ON `meetings` (`slot_id`);--> statement-breakpoint
CREATE INDEX `meetings_workspace_idx` ON `meetings` (`workspace_id`,`start_time`);--> statement-breakpoint
CREATE INDEX `meetings_reminder_idx` ON `meetings` (`status`,`start_time`);--> statement-breakpoint
CREATE TABLE `scheduling_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`candidate_id` integer NOT NULL,
	`shortlist_id` integer,
	`token` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`duration` integer NOT NULL,
	`time_zone` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`candidate_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shortlist_id`) REFERENCES `shortlists`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `scheduling_sessions_token_unique` ON `scheduling_sessions` (`token`);--> statement-breakpoint
CREATE INDEX `scheduling_sessions_workspace_idx` ON `scheduling_sessions` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `scheduling_slots` (
	`id` text PRIMARY KEY NOT NULL,
	`session_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `scheduling_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `scheduling_slots_session_idx` ON `scheduling_slots` (`session_id`,`start_time`);