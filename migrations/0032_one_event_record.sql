CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`actor` text NOT NULL,
	`user_id` integer,
	`actor_key_id` integer,
	`subject_type` text NOT NULL,
	`subject_id` text,
	`kind` text NOT NULL,
	`summary` text,
	`data` text DEFAULT '{}' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `events_workspace_idx` ON `events` (`workspace_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_user_idx` ON `events` (`workspace_id`,`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `events_subject_idx` ON `events` (`workspace_id`,`subject_type`,`subject_id`,`id`);--> statement-breakpoint
-- The activity log's rows and the candidates' timelines become events, in time order (decision 0029).
-- Timeline rows carry "legacy" so the activity log, which already has its own row of the change, skips them.
INSERT INTO `events` (`workspace_id`, `actor`, `user_id`, `subject_type`, `subject_id`, `kind`, `summary`, `data`, `created_at`)
SELECT `workspace_id`, `actor`, `user_id`, `subject_type`, `subject_id`, `kind`, `summary`, `data`, `created_at` FROM (
  SELECT `workspace_id`, CASE WHEN `user_id` IS NULL THEN 'system' ELSE 'user' END AS `actor`, `user_id`, `object_type` AS `subject_type`, `object_id` AS `subject_id`,
    `action` AS `kind`, `summary`, '{}' AS `data`, `created_at`, 0 AS `src`, `id` AS `src_id`
  FROM `workspace_activity`
  UNION ALL
  SELECT `workspace_id`,
    CASE WHEN `user_id` IS NOT NULL THEN 'user' WHEN `kind` IN ('applied', 'applied_again', 'stage') THEN 'candidate' ELSE 'system' END,
    `user_id`, 'candidate', CAST(`participant_id` AS TEXT),
    CASE `kind`
      WHEN 'applied' THEN 'candidate.created'
      WHEN 'imported' THEN 'candidate.imported_row'
      WHEN 'stage' THEN 'candidate.updated'
      WHEN 'edited' THEN 'candidate.updated'
      ELSE 'candidate.' || `kind` END,
    NULL,
    CASE `kind`
      WHEN 'applied' THEN json_set(`detail`, '$.source', 'visitor', '$.legacy', 1)
      WHEN 'stage' THEN json_object('fields', json('["stages"]'), 'stage', json_object('from', json_extract(`detail`, '$.from'), 'to', json_extract(`detail`, '$.to')),
        'source', CASE WHEN json_extract(`detail`, '$.by') = 'candidate' THEN 'visitor' ELSE 'recruiter' END, 'legacy', 1)
      WHEN 'edited' THEN json_object('fields', json(coalesce(json_extract(`detail`, '$.fields'), '[]')), 'source', 'recruiter', 'legacy', 1)
      ELSE json_set(`detail`, '$.legacy', 1) END,
    `created_at`, 1, `id`
  FROM `participant_events`
) ORDER BY `created_at`, `src`, `src_id`;
--> statement-breakpoint
-- A candidate's events go with their record, as the timeline's rows did (erasure, retention, test data).
CREATE TRIGGER `events_follow_participants` AFTER DELETE ON `participants` BEGIN
  DELETE FROM `events` WHERE `workspace_id` = OLD.`workspace_id` AND `subject_type` = 'candidate' AND `subject_id` = CAST(OLD.`id` AS TEXT);
END;
--> statement-breakpoint
DROP TABLE `participant_events`;--> statement-breakpoint
DROP TABLE `workspace_activity`;