CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_unique` ON `calendar_feeds` (`token`);--> statement-breakpoint
CREATE TABLE `lesson_unlocks` (
	`lesson_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`unlocked_by` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`lesson_id`, `user_id`),
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lesson_unlocks_user_idx` ON `lesson_unlocks` (`user_id`);--> statement-breakpoint
CREATE TABLE `session_reminders` (
	`session_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`starts_at` integer NOT NULL,
	`queued_at` integer NOT NULL,
	PRIMARY KEY(`session_id`, `user_id`, `kind`, `starts_at`),
	FOREIGN KEY (`session_id`) REFERENCES `batch_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_reminders_user_idx` ON `session_reminders` (`user_id`);--> statement-breakpoint
ALTER TABLE `admins` ADD `mentor_id` integer REFERENCES mentors(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `lessons` ADD `release_rule` text;--> statement-breakpoint
ALTER TABLE `lessons` ADD `release_after_days` integer;--> statement-breakpoint
ALTER TABLE `lessons` ADD `release_on` text;--> statement-breakpoint
ALTER TABLE `lessons` ADD `batch_id` integer REFERENCES batches(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `lessons_batch_idx` ON `lessons` (`batch_id`) WHERE "lessons"."batch_id" IS NOT NULL;