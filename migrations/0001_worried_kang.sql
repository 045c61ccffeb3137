CREATE TABLE `campaigns` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`name` text NOT NULL,
	`label` text,
	`description` text,
	`code` text NOT NULL,
	`click_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_code_unique` ON `campaigns` (`code`);--> statement-breakpoint
CREATE INDEX `campaigns_job_idx` ON `campaigns` (`workspace_id`,`job_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text,
	`location` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `jobs_workspace_idx` ON `jobs` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `participants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`unique_id` text,
	`name` text,
	`email_address` text,
	`city` text,
	`job_title` text,
	`role_applied` text,
	`linkedin_url` text,
	`industry` text,
	`visa_status` text,
	`salary_expectation` text,
	`availability` text,
	`stages` integer DEFAULT 1 NOT NULL,
	`prequalifier` text,
	`assessment` text,
	`voice_transcript` text,
	`job_id` integer,
	`campaign_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_updated` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participants_workspace_idx` ON `participants` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `participants_created_idx` ON `participants` (`workspace_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `participants_unique_id_idx` ON `participants` (`workspace_id`,`unique_id`);--> statement-breakpoint
CREATE TABLE `shortlist_members` (
	`shortlist_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`added_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`shortlist_id`, `participant_id`),
	FOREIGN KEY (`shortlist_id`) REFERENCES `shortlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shortlist_members_participant_idx` ON `shortlist_members` (`participant_id`);--> statement-breakpoint
CREATE TABLE `shortlists` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shortlists_workspace_idx` ON `shortlists` (`workspace_id`);