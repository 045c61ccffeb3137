CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`serial_key` text,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`run_at` integer DEFAULT 0 NOT NULL,
	`lease_token` text,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer
);
--> statement-breakpoint
CREATE INDEX `tasks_due_idx` ON `tasks` (`status`,`run_at`);--> statement-breakpoint
CREATE INDEX `tasks_serial_idx` ON `tasks` (`serial_key`,`id`);--> statement-breakpoint
CREATE TABLE `mail_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`workspace_id` integer,
	`meeting_id` integer,
	`kind` text,
	`audience` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`attachments` text,
	`ical_event` text,
	`reply_to` text,
	`redacted_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `mail_messages_task_idx` ON `mail_messages` (`task_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_meeting_idx` ON `mail_messages` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `mail_messages_workspace_idx` ON `mail_messages` (`workspace_id`,`id`);--> statement-breakpoint
-- Existing work moves into tasks: work_queue rows keep their ids (webhook deliveries name them),
-- outbox rows follow them (id + the largest work_queue id); leases are dropped (no worker runs now).
INSERT INTO `tasks` (`id`, `kind`, `serial_key`, `payload`, `status`, `attempts`, `run_at`, `last_error`, `created_at`, `finished_at`)
SELECT w.`id`, w.`kind`,
	CASE w.`kind`
		WHEN 'calendar.meeting' THEN 'meeting:' || json_extract(w.`payload`, '$.meetingId')
		WHEN 'webhooks.deliver' THEN 'webhook-endpoint:' || (SELECT d.`endpoint_id` FROM `webhook_deliveries` d WHERE d.`id` = json_extract(w.`payload`, '$.deliveryId'))
		ELSE NULL END,
	w.`payload`, w.`status`, w.`attempts`, w.`next_attempt_at`, w.`last_error`, w.`created_at`,
	CASE WHEN w.`status` IN ('done', 'failed') THEN coalesce(w.`done_at`, w.`next_attempt_at`, w.`created_at`) END
FROM `work_queue` w;--> statement-breakpoint
INSERT INTO `tasks` (`id`, `kind`, `payload`, `status`, `attempts`, `run_at`, `last_error`, `created_at`, `finished_at`)
SELECT o.`id` + (SELECT coalesce(max(`id`), 0) FROM `work_queue`), 'mail.send', json_object('messageId', o.`id`),
	CASE o.`status` WHEN 'sent' THEN 'done' ELSE o.`status` END,
	o.`attempts`, o.`next_attempt_at`, o.`last_error`, o.`created_at`,
	CASE WHEN o.`status` IN ('sent', 'failed', 'skipped') THEN coalesce(o.`sent_at`, o.`next_attempt_at`, o.`created_at`) END
FROM `outbox` o;--> statement-breakpoint
INSERT INTO `mail_messages` (`id`, `task_id`, `workspace_id`, `meeting_id`, `kind`, `audience`, `to`, `subject`, `html`, `text`, `attachments`, `ical_event`, `reply_to`, `redacted_at`, `created_at`)
SELECT o.`id`, o.`id` + (SELECT coalesce(max(`id`), 0) FROM `work_queue`), o.`workspace_id`, o.`meeting_id`, o.`kind`, o.`audience`, o.`to`, o.`subject`, o.`html`, o.`text`, o.`attachments`, o.`ical_event`, o.`reply_to`,
	CASE WHEN o.`status` IN ('sent', 'failed') THEN o.`created_at` END, o.`created_at`
FROM `outbox` o;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
DROP TABLE `work_queue`;--> statement-breakpoint
DROP INDEX `webhook_deliveries_endpoint_idx`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `task_id` integer;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` ADD `attempt_log` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `webhook_deliveries_endpoint_idx` ON `webhook_deliveries` (`endpoint_id`,`id`);--> statement-breakpoint
-- A delivery's state now lives in its task; the last try it recorded starts its attempt log.
UPDATE `webhook_deliveries` SET `task_id` = `work_item_id`,
	`attempt_log` = CASE WHEN `attempts` > 0 THEN json_array(json_object('at', strftime('%Y-%m-%dT%H:%M:%fZ', coalesce(`delivered_at`, `created_at`) / 1000.0, 'unixepoch'), 'statusCode', `status_code`, 'error', `last_error`, 'durationMs', NULL)) ELSE '[]' END;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `status`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `attempts`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `status_code`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `last_error`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `next_attempt_at`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `work_item_id`;--> statement-breakpoint
ALTER TABLE `webhook_deliveries` DROP COLUMN `delivered_at`;