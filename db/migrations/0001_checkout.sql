ALTER TABLE `enrollments` ADD `checkout_session_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_checkout_session_id_unique` ON `enrollments` (`checkout_session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_one_paid_per_course_uq` ON `enrollments` (`user_id`,`course_id`) WHERE "enrollments"."payment_status" = 'completed';