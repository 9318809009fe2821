CREATE INDEX `course_reviews_user_idx` ON `course_reviews` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (json_extract(`sess`, '$.userId'));
