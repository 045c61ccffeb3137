-- Search at any size (issue 21). 1. One- and two-letter searches read a prefix index instead of
-- merging the doclists of every word that starts with those letters (116 ms at 100,000
-- candidates before). The index is rebuilt with prefix='1 2 3'; columns, tags and triggers stay.
DROP TRIGGER IF EXISTS `participants_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `participants_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `participants_fts` USING fts5(
	name, email_address, city, role_applied, job_title, industry, prequalifier, tags,
	content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3'
);
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
CREATE TRIGGER `participants_fts_ad` AFTER DELETE ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_au` AFTER UPDATE OF workspace_id, name, email_address, city, role_applied, job_title, industry, prequalifier, role_category, location_category ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier,
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || ' w' || new.workspace_id || 'l' || lower(new.location_category) || ' w' || new.workspace_id || 'r' || replace(lower(new.role_category), ' ', '') || 'l' || lower(new.location_category));
END;
--> statement-breakpoint
-- A counter that moves with every write to the candidates and the shortlist memberships (by any
-- connection or process, cascades included): searches and stats are kept until it moves, and
-- unrelated writes (sessions, chats, bookings, e-mails) no longer make them count again.
CREATE TABLE `participants_version` (`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1), `v` integer NOT NULL);
--> statement-breakpoint
INSERT INTO `participants_version` (`id`, `v`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `participants_version_ai` AFTER INSERT ON `participants` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `participants_version_au` AFTER UPDATE ON `participants` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `participants_version_ad` AFTER DELETE ON `participants` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_ai` AFTER INSERT ON `shortlist_members` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_au` AFTER UPDATE ON `shortlist_members` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_ad` AFTER DELETE ON `shortlist_members` BEGIN UPDATE participants_version SET v = v + 1 WHERE id = 1; END;
