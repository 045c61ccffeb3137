CREATE TABLE `session_guests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`session_id` integer NOT NULL,
	`email` text NOT NULL,
	`name` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `scheduling_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `session_guests_email_idx` ON `session_guests` (`session_id`,`email`);--> statement-breakpoint
CREATE TABLE `client_contacts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`client_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text,
	`phone` text,
	`role` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`client_id`) REFERENCES `clients`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `client_contacts_client_idx` ON `client_contacts` (`workspace_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `clients` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`website` text,
	`notes` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `clients_workspace_idx` ON `clients` (`workspace_id`,`name`);--> statement-breakpoint
CREATE TABLE `application_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`application_id` integer NOT NULL,
	`from_stage_id` integer,
	`to_stage_id` integer NOT NULL,
	`user_id` integer,
	`at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `application_moves_application_idx` ON `application_moves` (`workspace_id`,`application_id`,`id`);--> statement-breakpoint
CREATE TABLE `applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`stage_id` integer NOT NULL,
	`rejected_reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`moved_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_id`) REFERENCES `pipeline_stages`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_job_participant_idx` ON `applications` (`job_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `applications_board_idx` ON `applications` (`workspace_id`,`job_id`,`stage_id`);--> statement-breakpoint
CREATE INDEX `applications_participant_idx` ON `applications` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `email_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`stage_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`stage_id`) REFERENCES `pipeline_stages`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `email_templates_workspace_idx` ON `email_templates` (`workspace_id`,`stage_id`);--> statement-breakpoint
CREATE TABLE `interview_feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`meeting_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`job_id` integer,
	`reviewer_user_id` integer,
	`reviewer_email` text NOT NULL,
	`reviewer_name` text,
	`token_hash` text,
	`expires_at` integer,
	`recommendation` text,
	`ratings` text DEFAULT '{}' NOT NULL,
	`notes` text,
	`submitted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewer_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `interview_feedback_token_hash_unique` ON `interview_feedback` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `interview_feedback_reviewer_idx` ON `interview_feedback` (`meeting_id`,`reviewer_email`);--> statement-breakpoint
CREATE INDEX `interview_feedback_participant_idx` ON `interview_feedback` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `job_scorecards` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`criteria` text NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pipeline_settings` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`reject_reasons` text,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `pipeline_stages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer NOT NULL,
	`kind` text DEFAULT 'open' NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pipeline_stages_workspace_idx` ON `pipeline_stages` (`workspace_id`,`position`);--> statement-breakpoint
ALTER TABLE `jobs` ADD `client_id` integer REFERENCES clients(id);--> statement-breakpoint
CREATE INDEX `jobs_client_idx` ON `jobs` (`workspace_id`,`client_id`);--> statement-breakpoint
-- Every workspace gets the default pipeline (Applied … Placed, and the closing stage Rejected).
INSERT INTO `pipeline_stages` (`workspace_id`, `name`, `position`, `kind`)
  SELECT w.`id`, s.`name`, s.`position`, s.`kind` FROM `workspaces` w
  CROSS JOIN (SELECT 'Applied' AS `name`, 0 AS `position`, 'open' AS `kind` UNION ALL SELECT 'Screening', 1, 'open' UNION ALL SELECT 'Interview', 2, 'open'
    UNION ALL SELECT 'Offer', 3, 'open' UNION ALL SELECT 'Placed', 4, 'open' UNION ALL SELECT 'Rejected', 5, 'rejected') s
  ORDER BY w.`id`, s.`position`;--> statement-breakpoint
-- One application per existing candidate for their campaign's job (or the job they applied for), in Applied.
INSERT INTO `applications` (`workspace_id`, `participant_id`, `job_id`, `stage_id`, `created_at`, `moved_at`)
  SELECT p.`workspace_id`, p.`id`, j.`id`,
    (SELECT s.`id` FROM `pipeline_stages` s WHERE s.`workspace_id` = p.`workspace_id` AND s.`position` = 0),
    p.`created_at`, p.`created_at`
  FROM `participants` p
  LEFT JOIN `campaigns` c ON c.`id` = p.`campaign_id` AND c.`workspace_id` = p.`workspace_id`
  JOIN `jobs` j ON j.`id` = coalesce(c.`job_id`, p.`job_id`) AND j.`workspace_id` = p.`workspace_id`
  WHERE p.`erased` = 0;--> statement-breakpoint
INSERT INTO `application_moves` (`workspace_id`, `application_id`, `from_stage_id`, `to_stage_id`, `at`)
  SELECT `workspace_id`, `id`, NULL, `stage_id`, `created_at` FROM `applications`;
