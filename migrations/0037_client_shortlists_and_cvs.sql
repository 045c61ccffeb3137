CREATE TABLE `participant_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`size` integer NOT NULL,
	`sha256` text NOT NULL,
	`storage_key` text NOT NULL,
	`uploaded_by` integer,
	`text_status` text DEFAULT 'pending' NOT NULL,
	`text` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`uploaded_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `participant_files_participant_idx` ON `participant_files` (`workspace_id`,`participant_id`);--> statement-breakpoint
CREATE TABLE `shortlist_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`share_id` integer NOT NULL,
	`participant_id` integer NOT NULL,
	`verdict` text,
	`comment` text,
	`interview_requested_at` integer,
	`answered_at` integer NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`share_id`) REFERENCES `shortlist_shares`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`participant_id`) REFERENCES `participants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlist_answers_share_participant_idx` ON `shortlist_answers` (`share_id`,`participant_id`);--> statement-breakpoint
CREATE INDEX `shortlist_answers_participant_idx` ON `shortlist_answers` (`participant_id`);--> statement-breakpoint
CREATE TABLE `shortlist_shares` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`workspace_id` integer NOT NULL,
	`shortlist_id` integer NOT NULL,
	`contact_id` integer NOT NULL,
	`shared_by` integer,
	`token_hash` text NOT NULL,
	`fields` text NOT NULL,
	`move_applications` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`first_viewed_at` integer,
	`last_viewed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`workspace_id`) REFERENCES `workspaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shortlist_id`) REFERENCES `shortlists`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contact_id`) REFERENCES `client_contacts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`shared_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shortlist_shares_token_idx` ON `shortlist_shares` (`token_hash`);--> statement-breakpoint
CREATE INDEX `shortlist_shares_shortlist_idx` ON `shortlist_shares` (`workspace_id`,`shortlist_id`);--> statement-breakpoint
ALTER TABLE `shortlist_members` ADD `note` text;--> statement-breakpoint
-- Candidate search reads CVs (issue 39): the index gets one more column, `cv`, the text of the
-- candidate's files. It is written when a file's text is read or a file is deleted (triggers on
-- participant_files), and with the rest of the row when the candidate changes. A new candidate has
-- no file yet (NULL), so the insert trigger keeps the shape the bulk import makes set-based. The
-- index is filled again from the candidates (no file has text yet at this point).
DROP TRIGGER IF EXISTS `participants_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `participants_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `participants_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `participants_fts` USING fts5(
	name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags,
	content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3', detail=column
);
--> statement-breakpoint
INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags)
SELECT id, name, email_address, city, role_applied, job_title, industry, prequalifier, NULL,
	'w' || workspace_id || ' w' || workspace_id || 'r' || lower(hex(role_category)) || ' w' || workspace_id || 'l' || lower(hex(location_category)) || ' w' || workspace_id || 'r' || lower(hex(role_category)) || 'l' || lower(hex(location_category))
FROM participants;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier, NULL,
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || ' w' || new.workspace_id || 'l' || lower(hex(new.location_category)) || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || 'l' || lower(hex(new.location_category)));
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ad` AFTER DELETE ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_au` AFTER UPDATE OF workspace_id, name, email_address, city, role_applied, job_title, industry, prequalifier, role_category, location_category ON `participants` BEGIN
	DELETE FROM participants_fts WHERE rowid = old.id;
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE participant_id = new.id),
		'w' || new.workspace_id || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || ' w' || new.workspace_id || 'l' || lower(hex(new.location_category)) || ' w' || new.workspace_id || 'r' || lower(hex(new.role_category)) || 'l' || lower(hex(new.location_category)));
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_au` AFTER UPDATE OF text ON `participant_files` BEGIN
	DELETE FROM participants_fts WHERE rowid = new.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.city, p.role_applied, p.job_title, p.industry, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = new.participant_id;
	UPDATE participants_version SET v = v + 1 WHERE id = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `participant_files_fts_ad` AFTER DELETE ON `participant_files` WHEN old.text IS NOT NULL BEGIN
	DELETE FROM participants_fts WHERE rowid = old.participant_id;
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier, cv, tags)
	SELECT p.id, p.name, p.email_address, p.city, p.role_applied, p.job_title, p.industry, p.prequalifier,
		(SELECT group_concat(text, ' ') FROM participant_files WHERE participant_id = p.id),
		'w' || p.workspace_id || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || ' w' || p.workspace_id || 'l' || lower(hex(p.location_category)) || ' w' || p.workspace_id || 'r' || lower(hex(p.role_category)) || 'l' || lower(hex(p.location_category))
	FROM participants p WHERE p.id = old.participant_id;
	UPDATE participants_version SET v = v + 1 WHERE id = 1;
END;
