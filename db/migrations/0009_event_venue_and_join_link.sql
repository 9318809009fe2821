ALTER TABLE `events` ADD `venue` text;--> statement-breakpoint
ALTER TABLE `events` ADD `join_url` text;