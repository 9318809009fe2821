DROP INDEX `orders_course_status_idx`;--> statement-breakpoint
CREATE INDEX `orders_course_status_idx` ON `orders` (`course_id`,`payment_status`,`enrolled_at`,`coupon_id`,`amount_paise`);