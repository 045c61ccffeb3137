CREATE TABLE `calendar_connections` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`google_email` text,
	`access_token_sealed` text,
	`refresh_token_sealed` text,
	`primary_calendar_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Hand-written: the connections move from users to the calendar's own table before the columns go
-- (tokens stay as sealed; a disconnected user has no row).
INSERT INTO `calendar_connections` (`user_id`, `google_email`, `access_token_sealed`, `refresh_token_sealed`, `primary_calendar_id`)
SELECT `id`, `google_calendar_email`, `google_calendar_access_token`, `google_calendar_refresh_token`, `primary_calendar_id`
FROM `users` WHERE `calendar_connected` = 1;
--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `google_calendar_email`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `google_calendar_access_token`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `google_calendar_refresh_token`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `primary_calendar_id`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `calendar_connected`;