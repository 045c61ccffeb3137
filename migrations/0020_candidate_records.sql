CREATE TABLE `candidate_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`locations` text,
	`roles` text,
	`privacy_notice` text,
	`privacy_policy_url` text,
	`retention_months` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `participant_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`kind` text NOT NULL,
	`detail` text DEFAULT '{}' NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_events_participant_idx` ON `participant_events` (`workspace_id`,`participant_id`,`id`);--> statement-breakpoint
CREATE TABLE `participant_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`author_user_id` integer,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_notes_participant_idx` ON `participant_notes` (`workspace_id`,`participant_id`,`id`);--> statement-breakpoint
ALTER TABLE `participants` ADD `is_test` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `participants` ADD `erased` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `participants_email_idx` ON `participants` (`workspace_id`,`email_address`);--> statement-breakpoint
-- Erasure: deleting a candidate also removes their words from the search index's pages
-- (FTS5 secure-delete), not only from its results.
INSERT INTO participants_fts(participants_fts, rank) VALUES ('secure-delete', 1);
