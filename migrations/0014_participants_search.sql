-- Search and stats that stay fast at 100,000 candidates per workspace (issue 3).
-- 1. The full-text index becomes contentless and carries "tags" (workspace, role bucket,
--    location bucket), so a search with filters and its count are answered inside FTS5
--    without reading the wide participant rows.
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
	content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
SELECT id, name, email_address, city, role_applied, job_title, industry, prequalifier,
	'ws' || workspace_id || ' role' || replace(lower(role_category), ' ', '') || ' loc' || lower(location_category)
FROM participants;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier,
		'ws' || new.workspace_id || ' role' || replace(lower(new.role_category), ' ', '') || ' loc' || lower(new.location_category));
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
		'ws' || new.workspace_id || ' role' || replace(lower(new.role_category), ' ', '') || ' loc' || lower(new.location_category));
END;
--> statement-breakpoint
-- 2. participant_stats: counts per workspace, day, role and location bucket.
INSERT INTO participant_stats(workspace_id, day, role_category, location_category, n)
SELECT workspace_id, created_at / 86400000, role_category, location_category, count(*) FROM participants GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER `participant_stats_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participant_stats(workspace_id, day, role_category, location_category, n)
	VALUES (new.workspace_id, new.created_at / 86400000, new.role_category, new.location_category, 1)
	ON CONFLICT(workspace_id, day, role_category, location_category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_stats_ad` AFTER DELETE ON `participants` BEGIN
	UPDATE participant_stats SET n = n - 1
	WHERE workspace_id = old.workspace_id AND day = old.created_at / 86400000 AND role_category = old.role_category AND location_category = old.location_category;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_stats_au` AFTER UPDATE OF workspace_id, created_at, role_category, location_category ON `participants` BEGIN
	UPDATE participant_stats SET n = n - 1
	WHERE workspace_id = old.workspace_id AND day = old.created_at / 86400000 AND role_category = old.role_category AND location_category = old.location_category;
	INSERT INTO participant_stats(workspace_id, day, role_category, location_category, n)
	VALUES (new.workspace_id, new.created_at / 86400000, new.role_category, new.location_category, 1)
	ON CONFLICT(workspace_id, day, role_category, location_category) DO UPDATE SET n = n + 1;
END;
