PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_visitor_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`prequalifier_url` text,
	`assessment_url` text,
	`scheduler_url` text,
	`host_user_id` integer,
	`intro_call_minutes` integer DEFAULT 30 NOT NULL,
	`time_zone` text DEFAULT 'UTC' NOT NULL,
	`weekly_availability` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`host_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_visitor_settings`("workspace_id", "prequalifier_url", "assessment_url", "scheduler_url", "host_user_id", "intro_call_minutes", "time_zone", "weekly_availability", "updated_at") SELECT "workspace_id", "prequalifier_url", "assessment_url", "scheduler_url", "host_user_id", "intro_call_minutes", "time_zone", "weekly_availability", "updated_at" FROM `visitor_settings`;--> statement-breakpoint
DROP TABLE `visitor_settings`;--> statement-breakpoint
ALTER TABLE `__new_visitor_settings` RENAME TO `visitor_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;