DROP INDEX `certificates_course_idx`;--> statement-breakpoint
CREATE INDEX `certificates_course_idx` ON `certificates` (`course_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `course_progress_done_idx` ON `course_progress` (`course_id`,`user_id`,`required_done`);--> statement-breakpoint
CREATE INDEX `event_registrations_event_time_idx` ON `event_registrations` (`event_id`,`registered_at`);