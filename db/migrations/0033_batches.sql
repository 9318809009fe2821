CREATE TABLE `batch_sessions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`starts_at` integer NOT NULL,
	`duration_minutes` integer NOT NULL,
	`mentor_id` integer,
	`join_url` text,
	`room` text,
	`prices_at_least_30_days_old` integer DEFAULT false NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`cancelled_at` integer,
	`recording_lesson_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recording_lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "batch_sessions_duration_range" CHECK("batch_sessions"."duration_minutes" BETWEEN 1 AND 720)
);
--> statement-breakpoint
CREATE INDEX `batch_sessions_batch_start_idx` ON `batch_sessions` (`batch_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `batch_sessions_start_idx` ON `batch_sessions` (`starts_at`);--> statement-breakpoint
CREATE TABLE `batch_students` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`order_id` integer,
	`joined_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `batch_students_course_user_uq` ON `batch_students` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `batch_students_batch_idx` ON `batch_students` (`batch_id`,`joined_at`);--> statement-breakpoint
CREATE INDEX `batch_students_user_idx` ON `batch_students` (`user_id`);--> statement-breakpoint
CREATE TABLE `batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text NOT NULL,
	`delivery_mode` text DEFAULT 'online' NOT NULL,
	`venue_state_code` text,
	`venue` text,
	`seats` integer,
	`price_paise` integer,
	`lead_mentor_id` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lead_mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "batches_dates_in_order" CHECK("batches"."starts_on" <= "batches"."ends_on"),
	CONSTRAINT "batches_seats_positive" CHECK("batches"."seats" IS NULL OR "batches"."seats" >= 1),
	CONSTRAINT "batches_price_nonnegative" CHECK("batches"."price_paise" IS NULL OR "batches"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX `batches_course_start_idx` ON `batches` (`course_id`,`starts_on`);--> statement-breakpoint
ALTER TABLE `courses` ADD `pacing` text DEFAULT 'self_paced' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `batch_id` integer REFERENCES batches(id);--> statement-breakpoint
CREATE INDEX `orders_batch_status_idx` ON `orders` (`batch_id`,`payment_status`);