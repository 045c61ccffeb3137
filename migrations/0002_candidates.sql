CREATE TABLE `campaign_clicks` (
	`campaign_id` integer NOT NULL,
	`visitor_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`campaign_id`, `visitor_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `participants` ADD `role_category` text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
ALTER TABLE `participants` ADD `location_category` text DEFAULT 'Other' NOT NULL;--> statement-breakpoint
CREATE INDEX `participants_role_idx` ON `participants` (`workspace_id`,`role_category`,`id`);--> statement-breakpoint
CREATE INDEX `participants_location_idx` ON `participants` (`workspace_id`,`location_category`,`id`);--> statement-breakpoint
ALTER TABLE `shortlists` ADD `candidate_name` text;--> statement-breakpoint
ALTER TABLE `shortlists` ADD `chat_message` text;