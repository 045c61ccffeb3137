ALTER TABLE `workspaces` ADD `time_zone` text;--> statement-breakpoint
-- Existing workspaces take their first owner's zone, where that owner has one.
UPDATE `workspaces` SET `time_zone` = (SELECT `u`.`time_zone` FROM `users` `u` WHERE `u`.`workspace_id` = `workspaces`.`id` AND `u`.`role` = 'owner' AND `u`.`time_zone` IS NOT NULL ORDER BY `u`.`id` LIMIT 1);
