ALTER TABLE `calendar_calendars` ADD `pending_read` text;--> statement-breakpoint
ALTER TABLE `calendar_event_homes` ADD `version` text;