CREATE INDEX `participants_city_idx` ON `participants` (`workspace_id`,`city`);--> statement-breakpoint
CREATE INDEX `participants_role_applied_idx` ON `participants` (`workspace_id`,`role_applied`);--> statement-breakpoint
CREATE INDEX `participants_stage_idx` ON `participants` (`workspace_id`,`stages`);