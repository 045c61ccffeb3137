ALTER TABLE `calendar_connection_notices` ADD `provider` text DEFAULT 'google' NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_connections` ADD `provider` text DEFAULT 'google' NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_connections` ADD `teams_capable` integer;--> statement-breakpoint
ALTER TABLE `calendar_oauth_states` ADD `provider` text DEFAULT 'google' NOT NULL;--> statement-breakpoint
ALTER TABLE `calendar_oauth_states` ADD `verifier_sealed` text;