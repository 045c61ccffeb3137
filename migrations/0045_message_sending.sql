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
CREATE TABLE `sequence_enrolments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`sequence_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`enrolled_by` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`stop_reason` text,
	`next_step` integer DEFAULT 0 NOT NULL,
	`next_at` integer,
	`nonce` text NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sequence_id`) REFERENCES `sequences`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sequence_enrolments_unsubscribe_token_unique` ON `sequence_enrolments` (`unsubscribe_token`);--> statement-breakpoint
CREATE UNIQUE INDEX `sequence_enrolments_once_idx` ON `sequence_enrolments` (`sequence_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `sequence_enrolments_participant_idx` ON `sequence_enrolments` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `sequences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`name` text NOT NULL,
	`paused` integer DEFAULT false NOT NULL,
	`steps` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `messages` ADD `author_id` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `folder` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `uid` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `enrolment_id` integer;--> statement-breakpoint
ALTER TABLE `messages` ADD `send_state` text;--> statement-breakpoint
ALTER TABLE `messages` ADD `send_error` text;