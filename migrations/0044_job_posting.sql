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
ALTER TABLE `jobs` ADD `updated_at` integer;