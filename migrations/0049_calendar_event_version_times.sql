ALTER TABLE `calendar_event_homes` ADD `version_start` integer;--> statement-breakpoint
ALTER TABLE `calendar_event_homes` ADD `version_end` integer;