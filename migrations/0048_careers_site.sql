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
ALTER TABLE `jobs` ADD `published` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `published_at` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `valid_through` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `employment_type` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `remote` text DEFAULT 'on_site' NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `remote_countries` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `city` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `region` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `country` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `postal_code` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_min` real;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_max` real;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_currency` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `salary_period` text;--> statement-breakpoint
ALTER TABLE `jobs` ADD `show_client` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `jobs` ADD `owner_id` integer;--> statement-breakpoint
ALTER TABLE `jobs` ADD `updated_at` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `source` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `answers` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `flags` text;--> statement-breakpoint
CREATE INDEX `applications_source_idx` ON `applications` (`workspace_id`,`source`);