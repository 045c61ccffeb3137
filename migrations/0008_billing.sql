CREATE TABLE `billing_customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`user_id` integer,
	`workspace_id` integer,
	`email` text,
	`created` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_stripe_customer_id_unique` ON `billing_customers` (`stripe_customer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `billing_customers_user_id_unique` ON `billing_customers` (`user_id`);--> statement-breakpoint
CREATE INDEX `billing_customers_workspace_idx` ON `billing_customers` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `billing_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stripe_invoice_id` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`user_id` integer,
	`workspace_id` integer,
	`number` text,
	`status` text,
	`created` integer,
	`paid_at` integer,
	`amount` integer DEFAULT 0 NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`invoice_url` text,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_invoices_stripe_invoice_id_unique` ON `billing_invoices` (`stripe_invoice_id`);--> statement-breakpoint
CREATE INDEX `billing_invoices_user_idx` ON `billing_invoices` (`user_id`);--> statement-breakpoint
CREATE INDEX `billing_invoices_customer_idx` ON `billing_invoices` (`stripe_customer_id`);--> statement-breakpoint
CREATE TABLE `billing_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`stripe_id` text NOT NULL,
	`kind` text NOT NULL,
	`stripe_customer_id` text NOT NULL,
	`user_id` integer,
	`workspace_id` integer,
	`plan_id` text,
	`status` text NOT NULL,
	`cancel_at_period_end` integer DEFAULT false NOT NULL,
	`trial_start` integer,
	`trial_end` integer,
	`current_period_start` integer,
	`current_period_end` integer,
	`product_name` text,
	`amount` integer,
	`currency` text,
	`interval` text,
	`created` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `billing_subscriptions_stripe_id_unique` ON `billing_subscriptions` (`stripe_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_user_idx` ON `billing_subscriptions` (`user_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_customer_idx` ON `billing_subscriptions` (`stripe_customer_id`);--> statement-breakpoint
CREATE INDEX `billing_subscriptions_workspace_idx` ON `billing_subscriptions` (`workspace_id`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processed_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
