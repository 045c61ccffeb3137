CREATE TABLE `participant_stats` (
	`workspace_id` integer NOT NULL,
	`day` integer NOT NULL,
	`role_category` text NOT NULL,
	`location_category` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `day`, `role_category`, `location_category`)
);
