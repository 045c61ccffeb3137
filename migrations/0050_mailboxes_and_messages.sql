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
CREATE TABLE `mailbox_folders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`mailbox_id` integer NOT NULL,
	`path` text NOT NULL,
	`uid_validity` text NOT NULL,
	`uid_next` integer NOT NULL,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailbox_folders_path_idx` ON `mailbox_folders` (`mailbox_id`,`path`);--> statement-breakpoint
CREATE TABLE `mailboxes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`provider` text DEFAULT 'imap' NOT NULL,
	`address` text NOT NULL,
	`imap_host` text NOT NULL,
	`imap_port` integer NOT NULL,
	`imap_tls` integer DEFAULT true NOT NULL,
	`smtp_host` text,
	`smtp_port` integer,
	`username` text NOT NULL,
	`password_sealed` text NOT NULL,
	`state` text DEFAULT 'ok' NOT NULL,
	`state_reason` text,
	`last_synced_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `mailboxes_user_id_unique` ON `mailboxes` (`user_id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`mailbox_id` integer,
	`participant_id` integer,
	`contact_id` integer,
	`direction` text NOT NULL,
	`message_id` text NOT NULL,
	`in_reply_to` text,
	`thread_key` text NOT NULL,
	`from_address` text NOT NULL,
	`from_name` text,
	`to_addresses` text DEFAULT '[]' NOT NULL,
	`cc_addresses` text DEFAULT '[]' NOT NULL,
	`subject` text DEFAULT '' NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`quoted` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`author_id` integer,
	`folder` text,
	`uid` integer,
	`enrolment_id` integer,
	`send_state` text,
	`send_error` text,
	`sent_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mailbox_id`) REFERENCES `mailboxes`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_message_id_idx` ON `messages` (`workspace_id`,`message_id`,`participant_id`,`contact_id`);--> statement-breakpoint
CREATE INDEX `messages_participant_idx` ON `messages` (`workspace_id`,`participant_id`,`sent_at`);--> statement-breakpoint
CREATE INDEX `messages_contact_idx` ON `messages` (`workspace_id`,`contact_id`,`sent_at`);--> statement-breakpoint
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
