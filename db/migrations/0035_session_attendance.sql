CREATE TABLE `session_attendance` (
	`session_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`joined_at` integer,
	`attended` integer,
	`marked_at` integer,
	PRIMARY KEY(`session_id`, `user_id`),
	FOREIGN KEY (`session_id`) REFERENCES `batch_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_attendance_user_idx` ON `session_attendance` (`user_id`);