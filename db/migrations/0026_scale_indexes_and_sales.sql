CREATE TABLE `course_sales` (
	`course_id` integer NOT NULL,
	`india_month` text NOT NULL,
	`enrolments` integer DEFAULT 0 NOT NULL,
	`revenue_paise` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_id`, `india_month`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_tallies` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX `course_reviews_status_idx`;--> statement-breakpoint
CREATE INDEX `course_reviews_pending_idx` ON `course_reviews` (`updated_at`,`id`) WHERE "course_reviews"."status" = 'pending';--> statement-breakpoint
CREATE INDEX `course_reviews_decided_idx` ON `course_reviews` (`updated_at`,`id`) WHERE "course_reviews"."status" <> 'pending';--> statement-breakpoint
DROP INDEX `lesson_progress_course_idx`;--> statement-breakpoint
CREATE INDEX `lesson_progress_lesson_done_idx` ON `lesson_progress` (`lesson_id`) WHERE "lesson_progress"."completed_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `lesson_progress_course_idx` ON `lesson_progress` (`course_id`,`user_id`,`lesson_id`,`completed_at`);--> statement-breakpoint
CREATE INDEX `certificates_course_idx` ON `certificates` (`course_id`);--> statement-breakpoint
CREATE INDEX `contact_messages_created_at_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (lower("email"));--> statement-breakpoint
CREATE INDEX `outbox_messages_user_created_idx` ON `outbox_messages` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_messages_unlinked_address_idx` ON `outbox_messages` (lower("to_address")) WHERE "outbox_messages"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX `outbox_messages_sent_at_idx` ON `outbox_messages` (`sent_at`) WHERE "outbox_messages"."text_body" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `shared_file_downloads_at_idx` ON `shared_file_downloads` (`downloaded_at`);--> statement-breakpoint
INSERT INTO site_tallies (name, value)
  SELECT 'students_with_courses', count(DISTINCT user_id) FROM orders WHERE course_id IS NOT NULL AND payment_status = 'completed';--> statement-breakpoint
INSERT INTO course_sales (course_id, india_month, enrolments, revenue_paise)
  SELECT course_id, strftime('%Y-%m', orders.enrolled_at / 1000, 'unixepoch', '+330 minutes'), count(*), sum(amount_paise) FROM orders
  WHERE course_id IS NOT NULL AND payment_status = 'completed' GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER orders_sales_insert AFTER INSERT ON orders WHEN new.course_id IS NOT NULL AND new.payment_status = 'completed'
BEGIN
  INSERT INTO course_sales (course_id, india_month, enrolments, revenue_paise)
    SELECT new.course_id, strftime('%Y-%m', new.enrolled_at / 1000, 'unixepoch', '+330 minutes'), 1, new.amount_paise WHERE new.course_id IS NOT NULL AND new.payment_status = 'completed'
    ON CONFLICT (course_id, india_month) DO UPDATE SET enrolments = enrolments + 1, revenue_paise = revenue_paise + excluded.revenue_paise;
  UPDATE site_tallies SET value = value + 1 WHERE name = 'students_with_courses' AND new.course_id IS NOT NULL AND new.payment_status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = new.user_id AND o.payment_status = 'completed' AND o.course_id IS NOT NULL AND o.id <> new.id);
END;--> statement-breakpoint
CREATE TRIGGER orders_sales_delete AFTER DELETE ON orders WHEN old.course_id IS NOT NULL AND old.payment_status = 'completed'
BEGIN
  UPDATE course_sales SET enrolments = enrolments - 1, revenue_paise = revenue_paise - old.amount_paise
    WHERE course_id = old.course_id AND india_month = strftime('%Y-%m', old.enrolled_at / 1000, 'unixepoch', '+330 minutes') AND old.course_id IS NOT NULL AND old.payment_status = 'completed';
  UPDATE site_tallies SET value = value - 1 WHERE name = 'students_with_courses' AND old.course_id IS NOT NULL AND old.payment_status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = old.user_id AND o.payment_status = 'completed' AND o.course_id IS NOT NULL);
END;--> statement-breakpoint
CREATE TRIGGER orders_sales_update AFTER UPDATE OF user_id, course_id, payment_status, amount_paise, enrolled_at ON orders
  WHEN (old.course_id IS NOT NULL AND old.payment_status = 'completed') OR (new.course_id IS NOT NULL AND new.payment_status = 'completed')
BEGIN
  UPDATE course_sales SET enrolments = enrolments - 1, revenue_paise = revenue_paise - old.amount_paise
    WHERE course_id = old.course_id AND india_month = strftime('%Y-%m', old.enrolled_at / 1000, 'unixepoch', '+330 minutes') AND old.course_id IS NOT NULL AND old.payment_status = 'completed';
  UPDATE site_tallies SET value = value - 1 WHERE name = 'students_with_courses' AND old.course_id IS NOT NULL AND old.payment_status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = old.user_id AND o.payment_status = 'completed' AND o.course_id IS NOT NULL AND o.id <> old.id);
  INSERT INTO course_sales (course_id, india_month, enrolments, revenue_paise)
    SELECT new.course_id, strftime('%Y-%m', new.enrolled_at / 1000, 'unixepoch', '+330 minutes'), 1, new.amount_paise WHERE new.course_id IS NOT NULL AND new.payment_status = 'completed'
    ON CONFLICT (course_id, india_month) DO UPDATE SET enrolments = enrolments + 1, revenue_paise = revenue_paise + excluded.revenue_paise;
  UPDATE site_tallies SET value = value + 1 WHERE name = 'students_with_courses' AND new.course_id IS NOT NULL AND new.payment_status = 'completed'
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.user_id = new.user_id AND o.payment_status = 'completed' AND o.course_id IS NOT NULL AND o.id <> new.id);
END;
