-- A million candidates without a cliff (issue 40).
--
-- 0. Candidate counts per workspace and bucket, without the day (participant_stats keeps the day):
-- the filters' totals and the stats read a few dozen rows instead of a year of days. Filled from
-- participant_stats (so the erased candidates' stand-in stays out, as there), then kept by triggers.
CREATE TABLE `participant_bucket_counts` (
	`workspace_id` integer NOT NULL,
	`role_category` text NOT NULL,
	`location_category` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`workspace_id`, `role_category`, `location_category`)
);
--> statement-breakpoint
INSERT INTO `participant_bucket_counts` (`workspace_id`, `role_category`, `location_category`, `n`)
SELECT `workspace_id`, `role_category`, `location_category`, sum(`n`) FROM `participant_stats` GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER `participant_bucket_counts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participant_bucket_counts(workspace_id, role_category, location_category, n)
	VALUES (new.workspace_id, new.role_category, new.location_category, 1)
	ON CONFLICT(workspace_id, role_category, location_category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_bucket_counts_ad` AFTER DELETE ON `participants` BEGIN
	UPDATE participant_bucket_counts SET n = n - 1
	WHERE workspace_id = old.workspace_id AND role_category = old.role_category AND location_category = old.location_category;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_bucket_counts_au` AFTER UPDATE OF workspace_id, role_category, location_category ON `participants` BEGIN
	UPDATE participant_bucket_counts SET n = n - 1
	WHERE workspace_id = old.workspace_id AND role_category = old.role_category AND location_category = old.location_category;
	INSERT INTO participant_bucket_counts(workspace_id, role_category, location_category, n)
	VALUES (new.workspace_id, new.role_category, new.location_category, 1)
	ON CONFLICT(workspace_id, role_category, location_category) DO UPDATE SET n = n + 1;
END;
--> statement-breakpoint
-- 1. The search index's own vocabulary, readable by SQL (fts5vocab, one row per entry). A word of
-- four letters or more is a prefix query, and FTS5 answers a prefix without a prefix index by
-- merging the whole doclist of every term that starts with it before it returns a row ("developer"
-- at a million candidates: 60–80 ms, whatever the LIMIT). Read from the vocabulary instead, the
-- word becomes its terms ("developer" OR "developers"), each read lazily, newest first, and the
-- walk stops at its LIMIT (repo-search.ts).
CREATE VIRTUAL TABLE `participants_fts_terms` USING fts5vocab(`participants_fts`, `instance`);
--> statement-breakpoint
-- 2. Which candidates changed, in order: one row per step of participants_version, the candidate (or
-- the range of new candidates of a bulk insert) it was about. A search kept under an older version
-- is brought up to date from these rows (re-checking only the candidates they name) instead of
-- walking the index again, so the first search after a change costs what the change touched.
-- Only the last 10,000 steps are kept: a search kept longer ago is walked again.
CREATE TABLE `participant_changes` (`v` integer PRIMARY KEY NOT NULL, `lo` integer NOT NULL, `hi` integer NOT NULL);
--> statement-breakpoint
CREATE TRIGGER `participant_changes_ai` AFTER INSERT ON `participant_changes` BEGIN
	UPDATE participants_version SET v = new.v WHERE id = 1;
	DELETE FROM participant_changes WHERE v <= new.v - 10000;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_version_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_version_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_version_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `shortlist_members_version_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `shortlist_members_version_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `shortlist_members_version_ad`;
--> statement-breakpoint
CREATE TRIGGER `participants_version_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.id, new.id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_version_au` AFTER UPDATE ON `participants` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.id, new.id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_version_ad` AFTER DELETE ON `participants` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, old.id, old.id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_ai` AFTER INSERT ON `shortlist_members` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.participant_id, new.participant_id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_au` AFTER UPDATE ON `shortlist_members` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, old.participant_id, old.participant_id FROM participants_version WHERE id = 1;
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.participant_id, new.participant_id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `shortlist_members_version_ad` AFTER DELETE ON `shortlist_members` BEGIN
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, old.participant_id, old.participant_id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
-- The files' triggers of migration 0039 (the index with the phone, skills and summary, files
-- read by workspace and candidate), each naming its candidate in the change log instead of only
-- moving the version, so a kept search re-checks that candidate.
DROP TRIGGER IF EXISTS `participant_files_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_files_fts_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_files_fts_ad`;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_ai` AFTER INSERT ON `participant_files` WHEN new.text IS NOT NULL BEGIN
	DELETE FROM participants_fts WHERE rowid = new.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = new.participant_id;
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.participant_id, new.participant_id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_au` AFTER UPDATE OF text ON `participant_files` BEGIN
	DELETE FROM participants_fts WHERE rowid = new.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = new.participant_id;
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, new.participant_id, new.participant_id FROM participants_version WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_ad` AFTER DELETE ON `participant_files` WHEN old.text IS NOT NULL BEGIN
	DELETE FROM participants_fts WHERE rowid = old.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = old.participant_id;
	INSERT INTO participant_changes(v, lo, hi) SELECT v + 1, old.participant_id, old.participant_id FROM participants_version WHERE id = 1;
END;
