ALTER TABLE `visitor_settings` ADD `site_url` text;--> statement-breakpoint
ALTER TABLE `visitor_settings` ADD `terms_text` text;--> statement-breakpoint
ALTER TABLE `visitor_settings` ADD `help_text` text;--> statement-breakpoint
ALTER TABLE `billing_subscriptions` ADD `receipt_url` text;