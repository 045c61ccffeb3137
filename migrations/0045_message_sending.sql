CREATE TABLE `invitation_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`meeting_id` integer NOT NULL,
	`answer` text NOT NULL,
	`attendee` text NOT NULL,
	`answered_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitation_answers_meeting_id_unique` ON `invitation_answers` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `message_private_ids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`message_id` text NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `message_private_ids_idx` ON `message_private_ids` (`workspace_id`,`message_id`);--> statement-breakpoint
ALTER TABLE `messages` ADD `author_id` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `folder` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `uid` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `send_state` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `send_error` text;