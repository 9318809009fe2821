CREATE TABLE `stored_pdfs` (
	`kind` text NOT NULL,
	`subject_id` integer NOT NULL,
	`file_name` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`kind`, `subject_id`)
);
--> statement-breakpoint
ALTER TABLE `certificates` ADD `revoked_at` integer;--> statement-breakpoint
ALTER TABLE `certificates` ADD `revoked_reason` text;