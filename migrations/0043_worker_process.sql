-- A worker process of its own (decision 42): the boot that holds a task's lease, so a restarted worker
-- takes back at once what a killed one held; and one row per scheduled job, so a job runs once per tick
-- however many processes run scheduled jobs.
CREATE TABLE `scheduled_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`tick` integer NOT NULL,
	`boot` text,
	`lease_until` integer
);
--> statement-breakpoint
ALTER TABLE `tasks` ADD `lease_boot` text;