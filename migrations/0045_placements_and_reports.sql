CREATE TABLE `placement_splits` (
	`placement_id` integer NOT NULL,
	`workspace_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`basis_points` integer NOT NULL,
	PRIMARY KEY(`placement_id`, `user_id`),
	FOREIGN KEY (`placement_id`) REFERENCES `placements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `placement_splits_user_idx` ON `placement_splits` (`workspace_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `placements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`application_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	`client_id` integer,
	`start_date` text NOT NULL,
	`salary_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`salary_period` text NOT NULL,
	`fee_type` text NOT NULL,
	`fee_basis_points` integer,
	`fee_cents` integer NOT NULL,
	`invoice_date` text NOT NULL,
	`guarantee_days` integer DEFAULT 0 NOT NULL,
	`invoiced_on` text,
	`paid_on` text,
	`fell_through_on` text,
	`refund_basis_points` integer,
	`refund_cents` integer DEFAULT 0 NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `placements_application_idx` ON `placements` (`application_id`);--> statement-breakpoint
CREATE INDEX `placements_invoice_idx` ON `placements` (`workspace_id`,`invoice_date`);--> statement-breakpoint
CREATE INDEX `placements_job_idx` ON `placements` (`workspace_id`,`job_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `no_show_by` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `owner_user_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `applications_created_idx` ON `applications` (`workspace_id`,`created_at`);--> statement-breakpoint
-- Every move the events record has (application.stage_changed, with the stage names of its time)
-- and the moves table lacks is written back, at the event's time and by its member, so the
-- reports read one complete log; stages since renamed or removed are left out.
INSERT INTO `application_moves` (`workspace_id`, `application_id`, `from_stage_id`, `to_stage_id`, `user_id`, `at`)
SELECT e.`workspace_id`, a.`id`,
  (SELECT s.`id` FROM `pipeline_stages` s WHERE s.`workspace_id` = e.`workspace_id` AND s.`name` = json_extract(e.`data`, '$.from') ORDER BY s.`id` LIMIT 1),
  t.`id`, e.`user_id`, e.`created_at`
FROM `events` e
JOIN `applications` a ON a.`id` = json_extract(e.`data`, '$.applicationId') AND a.`workspace_id` = e.`workspace_id`
JOIN `pipeline_stages` t ON t.`id` = (SELECT s.`id` FROM `pipeline_stages` s WHERE s.`workspace_id` = e.`workspace_id` AND s.`name` = json_extract(e.`data`, '$.to') ORDER BY s.`id` LIMIT 1)
WHERE e.`kind` = 'application.stage_changed'
  AND NOT EXISTS (SELECT 1 FROM `application_moves` m WHERE m.`application_id` = a.`id` AND m.`to_stage_id` = t.`id` AND m.`at` = e.`created_at`);--> statement-breakpoint
-- An application is its first member's: who added it or first moved it.
UPDATE `applications` SET `owner_user_id` = (
  SELECT m.`user_id` FROM `application_moves` m WHERE m.`application_id` = `applications`.`id` AND m.`user_id` IS NOT NULL ORDER BY m.`at`, m.`id` LIMIT 1
) WHERE `owner_user_id` IS NULL;
