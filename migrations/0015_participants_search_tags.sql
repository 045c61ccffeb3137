-- One tag per workspace and bucket combination (w1, w1rdeveloper, w1lmelbourne, w1rdeveloperlmelbourne),
-- so a filtered search intersects the words with one short doclist instead of the whole workspace's.
DROP TRIGGER IF EXISTS `participants_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_au`;
--> statement-breakpoint
INSERT INTO participants_fts(participants_fts) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
SELECT id, name, email_address, city, role_applied, job_title, industry, prequalifier,
	'w' || workspace_id || ' w' || workspace_id || 'r' || replace(lower(role_category), ' ', '') || ' w' || workspace_id || 'l' || lower(location_category) || ' w' || workspace_id || 'r' || replace(lower(role_category), ' ', '') || 'l' || lower(location_category)
FROM participants;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier,
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || ' w' || new.workspace_id || 'l' || lower(new.location_category) || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || 'l' || lower(new.location_category));
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_au` AFTER UPDATE OF workspace_id, name, email_address, city, role_applied, job_title, industry, prequalifier, role_category, location_category ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier,
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || ' w' || new.workspace_id || 'l' || lower(new.location_category) || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || 'l' || lower(new.location_category));
END;
