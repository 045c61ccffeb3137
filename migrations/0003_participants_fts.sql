-- Full-text index over the searchable participant fields (part2 §3, issue 3). External content:
-- the text lives once, in participants; triggers keep the index in step with every write.
CREATE VIRTUAL TABLE `participants_fts` USING fts5(
	name, email_address, city, role_applied, job_title, industry, prequalifier,
	content='participants', content_rowid='id', tokenize='unicode61 remove_diacritics 2', prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `participants_fts`(`participants_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ai` AFTER INSERT ON `participants` BEGIN
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier);
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_ad` AFTER DELETE ON `participants` BEGIN
	INSERT INTO participants_fts(participants_fts, rowid, name, email_address, city, role_applied, job_title, industry, prequalifier)
	VALUES ('delete', old.id, old.name, old.email_address, old.city, old.role_applied, old.job_title, old.industry, old.prequalifier);
END;
--> statement-breakpoint
CREATE TRIGGER `participants_fts_au` AFTER UPDATE OF name, email_address, city, role_applied, job_title, industry, prequalifier ON `participants` BEGIN
	INSERT INTO participants_fts(participants_fts, rowid, name, email_address, city, role_applied, job_title, industry, prequalifier)
	VALUES ('delete', old.id, old.name, old.email_address, old.city, old.role_applied, old.job_title, old.industry, old.prequalifier);
	INSERT INTO participants_fts(rowid, name, email_address, city, role_applied, job_title, industry, prequalifier)
	VALUES (new.id, new.name, new.email_address, new.city, new.role_applied, new.job_title, new.industry, new.prequalifier);
END;
