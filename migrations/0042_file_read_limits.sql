-- A CV read in a child with limits (the web never waits on work): when a limit is passed the file
-- (or draft) keeps the message a recruiter reads ("This PDF has 16,000 pages; Frank reads at most 300").
ALTER TABLE `participant_files` ADD `text_error` text;--> statement-breakpoint
ALTER TABLE `participant_drafts` ADD `text_error` text;