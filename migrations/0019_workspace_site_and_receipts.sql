ALTER TABLE `workspaces` ADD `site_url` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `terms_text` text;--> statement-breakpoint
ALTER TABLE `workspaces` ADD `help_text` text;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `receipt_url` text;