CREATE TABLE `job_criteria` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`criteria` text NOT NULL,
	`source` text NOT NULL,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `match_dismissals` (
	`workspace_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`reason` text NOT NULL,
	`user_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`job_id`, `participant_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `match_dismissals_participant_idx` ON `match_dismissals` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `match_judgments` (
	`workspace_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`input_hash` text NOT NULL,
	`model` text NOT NULL,
	`verdicts` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`job_id`, `participant_id`),
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `match_judgments_participant_idx` ON `match_judgments` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `assistant_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`matching` integer DEFAULT true NOT NULL,
	`cv_fields` integer DEFAULT true NOT NULL,
	`assistant_actions` integer DEFAULT true NOT NULL,
	`screening_summaries` integer DEFAULT true NOT NULL,
	`retention_months` integer DEFAULT 6 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `suggestions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`feature` text NOT NULL,
	`subject` text NOT NULL,
	`made_by` text NOT NULL,
	`prompt_version` text,
	`input_hash` text NOT NULL,
	`output` text NOT NULL,
	`decision` text DEFAULT 'none' NOT NULL,
	`reason` text,
	`decided_by` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `suggestions_participant_idx` ON `suggestions` (`workspace_id`,`participant_id`,`id`);--> statement-breakpoint
CREATE INDEX `suggestions_subject_idx` ON `suggestions` (`workspace_id`,`feature`,`subject`,`participant_id`);--> statement-breakpoint
CREATE INDEX `suggestions_created_idx` ON `suggestions` (`workspace_id`,`created_at`);