-- Hand-written: billing's tables become the only place Stripe ids are kept (docs/decisions/0021).
-- Before the users columns go, every account's ids are made to be in billing's tables: a
-- customer not yet mirrored is added (or, mirrored but not linked, linked to its account), and a
-- subscription id not yet mirrored is added as live (the column held only the live subscription);
-- a webhook for it later fills in the rest. A mirrored subscription keeps the status Stripe sent.
INSERT INTO `billing_customers` (`stripe_customer_id`, `user_id`, `workspace_id`, `email`)
SELECT `stripe_customer_id`, `id`, `workspace_id`, `email` FROM `users` WHERE `stripe_customer_id` IS NOT NULL
ON CONFLICT (`stripe_customer_id`) DO UPDATE SET `user_id` = excluded.`user_id`, `workspace_id` = excluded.`workspace_id`
WHERE `billing_customers`.`user_id` IS NULL;
--> statement-breakpoint
UPDATE `billing_subscriptions` SET
  `user_id` = (SELECT `id` FROM `users` WHERE `users`.`stripe_subscription_id` = `billing_subscriptions`.`stripe_id`),
  `workspace_id` = (SELECT `workspace_id` FROM `users` WHERE `users`.`stripe_subscription_id` = `billing_subscriptions`.`stripe_id`)
WHERE `user_id` IS NULL AND `stripe_id` IN (SELECT `stripe_subscription_id` FROM `users` WHERE `stripe_subscription_id` IS NOT NULL);
--> statement-breakpoint
INSERT INTO `billing_subscriptions` (`stripe_id`, `kind`, `stripe_customer_id`, `user_id`, `workspace_id`, `status`)
SELECT `stripe_subscription_id`, 'subscription', `stripe_customer_id`, `id`, `workspace_id`, 'active' FROM `users`
WHERE `stripe_subscription_id` IS NOT NULL AND `stripe_customer_id` IS NOT NULL
ON CONFLICT (`stripe_id`) DO NOTHING;
--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `stripe_customer_id`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `stripe_subscription_id`;
