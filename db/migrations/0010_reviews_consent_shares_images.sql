CREATE TABLE `consent_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`visitor_id` text,
	`purpose` text NOT NULL,
	`decision` text NOT NULL,
	`source` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `consent_records_user_idx` ON `consent_records` (`user_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `consent_records_visitor_idx` ON `consent_records` (`visitor_id`,`purpose`);--> statement-breakpoint
CREATE INDEX `consent_records_created_at_idx` ON `consent_records` (`created_at`);--> statement-breakpoint
CREATE TABLE `course_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_at` integer,
	`reviewed_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "course_reviews_rating_range" CHECK("course_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `course_reviews_course_user_uq` ON `course_reviews` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `course_reviews_status_idx` ON `course_reviews` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `course_reviews_course_status_idx` ON `course_reviews` (`course_id`,`status`);--> statement-breakpoint
CREATE TABLE `image_assets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`width` integer,
	`height` integer,
	`widths` text DEFAULT '[]' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ready_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `image_assets_name_uq` ON `image_assets` (`name`);--> statement-breakpoint
CREATE INDEX `image_assets_status_idx` ON `image_assets` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `shared_file_downloads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`shared_file_id` integer NOT NULL,
	`downloaded_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`ip_address` text,
	`user_agent` text,
	FOREIGN KEY (`shared_file_id`) REFERENCES `shared_files`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `shared_file_downloads_file_idx` ON `shared_file_downloads` (`shared_file_id`,`downloaded_at`);--> statement-breakpoint
ALTER TABLE `shared_files` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `shared_files` ADD `revoked_at` integer;--> statement-breakpoint
UPDATE `shared_files` SET `expires_at` = `created_at` + 7 * 24 * 60 * 60 * 1000;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `student_user_id` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `users` ADD `adult_confirmed_at` integer;