DROP INDEX `application_moves_application_idx`;--> statement-breakpoint
ALTER TABLE `application_moves` ADD `left_at` integer;--> statement-breakpoint
-- Each move's stay ends at the application's next move in (at, id) order (decision 57).
UPDATE `application_moves` SET `left_at` = seq.next_at
FROM (SELECT id, LEAD(at) OVER (PARTITION BY application_id ORDER BY at, id) AS next_at FROM `application_moves`) AS seq
WHERE seq.id = `application_moves`.id AND seq.next_at IS NOT NULL;--> statement-breakpoint
CREATE INDEX `application_moves_stays_idx` ON `application_moves` (`workspace_id`,`application_id`,`at`,`id`,`to_stage_id`,`left_at`);--> statement-breakpoint
DROP INDEX `applications_created_idx`;--> statement-breakpoint
ALTER TABLE `applications` ADD `reached` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `stays` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Every stage each application was ever moved to, and its finished stays, from the log of stage changes.
UPDATE `applications` SET `reached` = r.list
FROM (SELECT application_id, group_concat(to_stage_id, ',' ORDER BY to_stage_id) AS list
      FROM (SELECT DISTINCT application_id, to_stage_id FROM `application_moves`) GROUP BY application_id) AS r
WHERE r.application_id = `applications`.id;--> statement-breakpoint
UPDATE `applications` SET `stays` = s.list
FROM (SELECT application_id, group_concat(to_stage_id || ':' || (left_at - at), ',' ORDER BY at, id) AS list
      FROM `application_moves` WHERE left_at IS NOT NULL GROUP BY application_id) AS s
WHERE s.application_id = `applications`.id;--> statement-breakpoint
CREATE INDEX `applications_report_idx` ON `applications` (`workspace_id`,`created_at`,`job_id`,`owner_user_id`,`stage_id`,`source`,`participant_id`,`reached`,`stays`);
--> statement-breakpoint
CREATE INDEX `meetings_created_idx` ON `meetings` (`workspace_id`,`created_at`);
