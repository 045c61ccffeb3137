CREATE TABLE `participants_backup` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`name` text,
	`email` text,
	`position` text,
	`department` text,
	`status` text,
	`data` text NOT NULL,
	`sync_timestamp` integer NOT NULL,
	`sync_status` text DEFAULT 'synced' NOT NULL,
	`run_id` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `participants_backup_source_idx` ON `participants_backup` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `participants_backup_recent_idx` ON `participants_backup` (`workspace_id`,`sync_timestamp`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`trigger` text NOT NULL,
	`status` text NOT NULL,
	`record_count` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer,
	`error` text,
	`started_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`finished_at` integer,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_runs_workspace_idx` ON `sync_runs` (`workspace_id`,`id`);