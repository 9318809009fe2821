CREATE TABLE `waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer,
	`batch_id` integer,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "waitlist_one_place" CHECK(("waitlist"."event_id" is null) <> ("waitlist"."batch_id" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_event_user_uq` ON `waitlist` (`event_id`,`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_batch_user_uq` ON `waitlist` (`batch_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `waitlist_event_status_idx` ON `waitlist` (`event_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_batch_status_idx` ON `waitlist` (`batch_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist` (`user_id`);--> statement-breakpoint
-- Every event's queue moves over as it stands: the same ids, places and offers.
INSERT INTO `waitlist` (`id`, `event_id`, `batch_id`, `user_id`, `status`, `offer_expires_at`, `created_at`)
  SELECT `id`, `event_id`, NULL, `user_id`, `status`, `offer_expires_at`, `created_at` FROM `event_waitlist`;--> statement-breakpoint
DROP TABLE `event_waitlist`;