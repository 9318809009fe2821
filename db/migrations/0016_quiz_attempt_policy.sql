PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_lessons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`section_id` integer NOT NULL,
	`position` integer NOT NULL,
	`title` text NOT NULL,
	`type` text NOT NULL,
	`duration_minutes` integer DEFAULT 0 NOT NULL,
	`is_free_preview` integer DEFAULT false NOT NULL,
	`is_required` integer DEFAULT true NOT NULL,
	`body` text DEFAULT '' NOT NULL,
	`video_source` text,
	`video_url` text,
	`live_starts_at` integer,
	`join_url` text,
	`recording_url` text,
	`pass_percent` integer,
	`quiz_max_attempts` integer,
	`quiz_retry_wait_minutes` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`section_id`) REFERENCES `course_sections`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "lessons_duration_nonnegative" CHECK("__new_lessons"."duration_minutes" >= 0),
	CONSTRAINT "lessons_pass_percent_range" CHECK("__new_lessons"."pass_percent" IS NULL OR ("__new_lessons"."pass_percent" BETWEEN 0 AND 100)),
	CONSTRAINT "lessons_quiz_max_attempts_range" CHECK("__new_lessons"."quiz_max_attempts" IS NULL OR ("__new_lessons"."quiz_max_attempts" BETWEEN 1 AND 10)),
	CONSTRAINT "lessons_quiz_retry_wait_range" CHECK("__new_lessons"."quiz_retry_wait_minutes" IS NULL OR ("__new_lessons"."quiz_retry_wait_minutes" BETWEEN 1 AND 1440))
);
--> statement-breakpoint
INSERT INTO `__new_lessons`("id", "course_id", "section_id", "position", "title", "type", "duration_minutes", "is_free_preview", "is_required", "body", "video_source", "video_url", "live_starts_at", "join_url", "recording_url", "pass_percent", "quiz_max_attempts", "quiz_retry_wait_minutes", "created_at", "updated_at") SELECT "id", "course_id", "section_id", "position", "title", "type", "duration_minutes", "is_free_preview", "is_required", "body", "video_source", "video_url", "live_starts_at", "join_url", "recording_url", "pass_percent", NULL, NULL, "created_at", "updated_at" FROM `lessons`;--> statement-breakpoint
DROP TABLE `lessons`;--> statement-breakpoint
ALTER TABLE `__new_lessons` RENAME TO `lessons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `lessons_section_idx` ON `lessons` (`section_id`,`position`);--> statement-breakpoint
CREATE INDEX `lessons_course_idx` ON `lessons` (`course_id`);