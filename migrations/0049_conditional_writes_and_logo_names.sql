CREATE TABLE `workspace_logo_names` (
	`name` text PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `workspace_logos` ADD `name` text;--> statement-breakpoint
ALTER TABLE `calendar_event_homes` ADD `version` text;--> statement-breakpoint
ALTER TABLE `calendar_event_homes` ADD `version_start` integer;--> statement-breakpoint
ALTER TABLE `calendar_event_homes` ADD `version_end` integer;--> statement-breakpoint
-- Each logo there is gets its random name now (its old address by workspace id still leads to it, by its hash).
UPDATE `workspace_logos` SET `name` = lower(hex(randomblob(16))) WHERE `name` IS NULL;--> statement-breakpoint
INSERT INTO `workspace_logo_names` (`name`, `workspace_id`) SELECT `name`, `workspace_id` FROM `workspace_logos`;
