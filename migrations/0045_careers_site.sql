CREATE TABLE `application_forms` (
	`job_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`fields` text NOT NULL,
	`questions` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `application_links` (
	`application_id` integer PRIMARY KEY NOT NULL,
	`workspace_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`withdrawn_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_links_token_hash_unique` ON `application_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `application_links_workspace_idx` ON `application_links` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `careers_sites` (
	`workspace_id` integer PRIMARY KEY NOT NULL,
	`slug` text NOT NULL,
	`intro` text,
	`privacy_notice` text,
	`feed_email` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `careers_sites_slug_unique` ON `careers_sites` (`slug`);--> statement-breakpoint
ALTER TABLE `applications` ADD `source` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `answers` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `flags` text;--> statement-breakpoint
CREATE INDEX `applications_source_idx` ON `applications` (`workspace_id`,`source`);