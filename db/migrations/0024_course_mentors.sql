CREATE TABLE `course_mentors` (
	`course_id` integer NOT NULL,
	`mentor_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`course_id`, `mentor_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`mentor_id`) REFERENCES `mentors`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `course_mentors_mentor_idx` ON `course_mentors` (`mentor_id`);