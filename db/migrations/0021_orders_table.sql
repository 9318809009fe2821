-- The enrollments table holds orders (for courses and for paid events' seats): it is named for
-- that, and every provider's ids live in the same three columns. Stripe's PaymentIntent and
-- Checkout Session ids move into provider / provider_order_id / provider_payment_id; the lead
-- form's copy of the payment state goes (it is read from the form's orders instead).
-- Renaming first rewrites the references of event_registrations and tax_documents to "orders".
ALTER TABLE `enrollments` RENAME TO `orders`;--> statement-breakpoint
UPDATE `orders` SET `provider` = 'stripe'
  WHERE `provider` IS NULL AND (`payment_intent_id` IS NOT NULL OR `checkout_session_id` IS NOT NULL);--> statement-breakpoint
UPDATE `orders` SET
  `provider_order_id` = coalesce(`provider_order_id`, `checkout_session_id`, `payment_intent_id`),
  `provider_payment_id` = coalesce(`provider_payment_id`, `payment_intent_id`)
  WHERE `provider` = 'stripe';--> statement-breakpoint
CREATE TABLE `__new_orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`course_id` integer,
	`event_id` integer,
	`enrolled_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
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
	`delivery_mode` text DEFAULT 'online' NOT NULL,
	`venue_state_code` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`enrollment_form_id`) REFERENCES `enrollment_forms`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_one_item" CHECK(("__new_orders"."course_id" is null) <> ("__new_orders"."event_id" is null))
);--> statement-breakpoint
INSERT INTO `__new_orders` (`id`, `user_id`, `course_id`, `event_id`, `enrolled_at`, `payment_status`, `amount_paise`, `coupon_id`,
  `enrollment_form_id`, `coupon_held_until`, `seat_held_until`, `refunded_paise`, `dispute_status`, `provider`, `provider_order_id`,
  `provider_payment_id`, `billing`, `delivery_mode`, `venue_state_code`)
  SELECT `id`, `user_id`, `course_id`, `event_id`, `enrolled_at`, `payment_status`, `amount_paise`, `coupon_id`,
  `enrollment_form_id`, `coupon_held_until`, `seat_held_until`, `refunded_paise`, `dispute_status`, `provider`, `provider_order_id`,
  `provider_payment_id`, `billing`, `delivery_mode`, `venue_state_code` FROM `orders`;--> statement-breakpoint
DROP TABLE `orders`;--> statement-breakpoint
ALTER TABLE `__new_orders` RENAME TO `orders`;--> statement-breakpoint
CREATE INDEX `orders_user_idx` ON `orders` (`user_id`);--> statement-breakpoint
CREATE INDEX `orders_coupon_hold_idx` ON `orders` (`coupon_id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `orders_course_status_idx` ON `orders` (`course_id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `orders_coupon_idx` ON `orders` (`coupon_id`);--> statement-breakpoint
CREATE INDEX `orders_form_idx` ON `orders` (`enrollment_form_id`);--> statement-breakpoint
CREATE INDEX `orders_enrolled_at_idx` ON `orders` (`enrolled_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_order_uq` ON `orders` (`provider`,`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_provider_payment_uq` ON `orders` (`provider`,`provider_payment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_paid_per_course_uq` ON `orders` (`user_id`,`course_id`) WHERE "orders"."payment_status" = 'completed';--> statement-breakpoint
CREATE UNIQUE INDEX `orders_one_paid_per_event_uq` ON `orders` (`user_id`,`event_id`) WHERE "orders"."payment_status" = 'completed';--> statement-breakpoint
CREATE INDEX `orders_event_status_idx` ON `orders` (`event_id`,`payment_status`);--> statement-breakpoint
ALTER TABLE `enrollment_forms` DROP COLUMN `payment_status`;--> statement-breakpoint
ALTER TABLE `enrollment_forms` DROP COLUMN `payment_intent_id`;
