DROP INDEX `billing_customers_user_id_unique`;--> statement-breakpoint
CREATE INDEX `billing_customers_user_idx` ON `billing_customers` (`user_id`);