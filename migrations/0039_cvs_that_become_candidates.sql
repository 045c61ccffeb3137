CREATE TABLE `participant_drafts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`status` text DEFAULT 'reading' NOT NULL,
	`file_name` text NOT NULL,
	`file_type` text NOT NULL,
	`file_size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`text_status` text DEFAULT 'pending' NOT NULL,
	`text` text,
	`proposal` text,
	`proposed_by` text,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_drafts_workspace_idx` ON `participant_drafts` (`workspace_id`,`id`);--> statement-breakpoint
ALTER TABLE `participants` ADD `phone` text;--> statement-breakpoint
ALTER TABLE `participants` ADD `summary` text;--> statement-breakpoint
ALTER TABLE `participants` ADD `skills` text;--> statement-breakpoint
-- Candidate search reads the fields a CV gives (issue 39 item 6): the phone (as written, and its
-- digits alone, so "+44 7700 900123" is found by 447700900123 too), the skills and the summary. The
-- index is made again with three more columns; its triggers are those of 0037 with the new columns,
-- plus one on a file inserted with its text already read (a draft's CV that becomes a candidate's).
-- The files' text is looked up by workspace and candidate, the index participant_files has (0037's
-- triggers looked up by candidate alone: a scan of every file at each change of a candidate).
DROP TRIGGER IF EXISTS `participants_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_files_fts_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participant_files_fts_ad`;
--> statement-breakpoint
DROP TABLE IF EXISTS `participants_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `participants_fts` USING fts5(
	name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags,
	content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3', detail=column
);
--> statement-breakpoint
INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
FROM participants p WHERE p.erased = 0;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	VALUES (new.id, new.name, new.email_address, new.phone || ' ' || replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), new.city, new.role_applied, new.job_title, new.industry, new.skills, new.summary, new.prequalifier,
		NULL,
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || ' w' || new.workspace_id || 'l' || lower(hex(new.location_category)) || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || 'l' || lower(hex(new.location_category)));
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ad` AFTER DELETE ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_au` AFTER UPDATE OF workspace_id, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, role_category, location_category ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	VALUES (new.id, new.name, new.email_address, new.phone || ' ' || replace(replace(replace(replace(replace(replace(new.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), new.city, new.role_applied, new.job_title, new.industry, new.skills, new.summary, new.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = new.workspace_id AND participant_id = new.id),
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || ' w' || new.workspace_id || 'l' || lower(hex(new.location_category)) || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || 'l' || lower(hex(new.location_category)));
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_ai` AFTER INSERT ON `participant_files` WHEN new.text IS NOT NULL BEGIN
	DELETE FROM participants_fts WHERE rowid = new.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = new.participant_id;
	UPDATE participants_version SET v = v + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_au` AFTER UPDATE OF text ON `participant_files` BEGIN
	DELETE FROM participants_fts WHERE rowid = new.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = new.participant_id;
	UPDATE participants_version SET v = v + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_ad` AFTER DELETE ON `participant_files` WHEN old.text IS NOT NULL BEGIN
	DELETE FROM participants_fts WHERE rowid = old.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, phone, city, role_applied, job_title, industry, skills, summary, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.phone || ' ' || replace(replace(replace(replace(replace(replace(p.phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', ''), p.city, p.role_applied, p.job_title, p.industry, p.skills, p.summary, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE workspace_id = p.workspace_id AND participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = old.participant_id;
	UPDATE participants_version SET v = v + 1 WHERE id = 1;
END;
