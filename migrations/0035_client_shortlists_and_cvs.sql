CREATE TABLE `participant_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` integer,
	`text_status` text DEFAULT 'pending' NOT NULL,
	`text` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_files_participant_idx` ON `participant_files` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `shortlist_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`share_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`verdict` text,
	`comment` text,
	`interview_requested_at` integer,
	`answered_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `shortlist_shares`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlist_answers_share_participant_idx` ON `shortlist_answers` (`share_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `shortlist_answers_participant_idx` ON `shortlist_answers` (`participant_id`);--> statement-breakpoint
CREATE TABLE `shortlist_shares` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`shortlist_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`shared_by` integer,
	`token_hash` text NOT NULL,
	`fields` text NOT NULL,
	`move_applications` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`first_viewed_at` integer,
	`last_viewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shortlist_id`) REFERENCES `shortlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `client_contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlist_shares_token_idx` ON `shortlist_shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shortlist_shares_shortlist_idx` ON `shortlist_shares` (`workspace_id`,`shortlist_id`);--> statement-breakpoint
ALTER TABLE `shortlist_members` ADD `note` text;