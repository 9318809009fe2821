CREATE TABLE `event_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offer_expires_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_waitlist_event_user_uq` ON `event_waitlist` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_waitlist_event_status_idx` ON `event_waitlist` (`event_id`,`status`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_enrollments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`course_id` integer,
	`event_id` integer,
	`enrolled_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_intent_id` text,
	`checkout_session_id` text,
	`amount_paise` integer DEFAULT 0 NOT NULL,
	`coupon_id` integer,
	`enrollment_form_id` integer,
	`coupon_held_until` integer,
	`seat_held_until` integer,
	`refunded_paise` integer DEFAULT 0 NOT NULL,
	`dispute_status` text,
	`provider` text,
	`provider_order_id` text,
	`provider_payment_id` text,
	`billing` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`enrollment_form_id`) REFERENCES `enrollment_forms`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "enrollments_one_item" CHECK(("__new_enrollments"."course_id" is null) <> ("__new_enrollments"."event_id" is null))
);
--> statement-breakpoint
INSERT INTO `__new_enrollments`("id", "user_id", "course_id", "event_id", "enrolled_at", "payment_status", "payment_intent_id", "checkout_session_id", "amount_paise", "coupon_id", "enrollment_form_id", "coupon_held_until", "seat_held_until", "refunded_paise", "dispute_status", "provider", "provider_order_id", "provider_payment_id", "billing") SELECT "id", "user_id", "course_id", NULL, "enrolled_at", "payment_status", "payment_intent_id", "checkout_session_id", "amount_paise", "coupon_id", "enrollment_form_id", "coupon_held_until", NULL, "refunded_paise", "dispute_status", "provider", "provider_order_id", "provider_payment_id", "billing" FROM `enrollments`;--> statement-breakpoint
DROP TABLE `enrollments`;--> statement-breakpoint
ALTER TABLE `__new_enrollments` RENAME TO `enrollments`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_payment_intent_id_unique` ON `enrollments` (`payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_checkout_session_id_unique` ON `enrollments` (`checkout_session_id`);--> statement-breakpoint
CREATE INDEX `enrollments_user_idx` ON `enrollments` (`user_id`);--> statement-breakpoint
CREATE INDEX `enrollments_coupon_hold_idx` ON `enrollments` (`coupon_id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `enrollments_course_status_idx` ON `enrollments` (`course_id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `enrollments_coupon_idx` ON `enrollments` (`coupon_id`);--> statement-breakpoint
CREATE INDEX `enrollments_form_idx` ON `enrollments` (`enrollment_form_id`);--> statement-breakpoint
CREATE INDEX `enrollments_enrolled_at_idx` ON `enrollments` (`enrolled_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_provider_order_uq` ON `enrollments` (`provider`,`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_provider_payment_uq` ON `enrollments` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_one_paid_per_course_uq` ON `enrollments` (`user_id`,`course_id`) WHERE "enrollments"."payment_status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_one_paid_per_event_uq` ON `enrollments` (`user_id`,`event_id`) WHERE "enrollments"."payment_status" = 'completed';--> statement-breakpoint
CREATE INDEX `enrollments_event_status_idx` ON `enrollments` (`event_id`,`payment_status`);--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `order_id` integer REFERENCES enrollments(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `event_registrations_order_idx` ON `event_registrations` (`order_id`);