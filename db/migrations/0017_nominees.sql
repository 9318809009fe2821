CREATE TABLE `nominees` (
	`user_id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`relation` text NOT NULL,
	`contact` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
