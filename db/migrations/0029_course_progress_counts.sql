CREATE TABLE `course_progress` (
	`course_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`required_done` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`course_id`, `user_id`),
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `lesson_completions` (
	`lesson_id` integer PRIMARY KEY NOT NULL,
	`completed` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO course_progress (course_id, user_id, required_done)
  SELECT p.course_id, p.user_id, count(CASE WHEN p.completed_at IS NOT NULL AND l.is_required = 1 THEN 1 END)
  FROM lesson_progress p JOIN lessons l ON l.id = p.lesson_id GROUP BY p.course_id, p.user_id;--> statement-breakpoint
INSERT INTO lesson_completions (lesson_id, completed)
  SELECT lesson_id, count(*) FROM lesson_progress WHERE completed_at IS NOT NULL GROUP BY lesson_id;--> statement-breakpoint
CREATE TRIGGER lesson_progress_counts_insert AFTER INSERT ON lesson_progress
BEGIN
  INSERT INTO course_progress (course_id, user_id, required_done)
    VALUES (new.course_id, new.user_id,
      CASE WHEN new.completed_at IS NOT NULL AND (SELECT is_required FROM lessons WHERE id = new.lesson_id) = 1 THEN 1 ELSE 0 END)
    ON CONFLICT (course_id, user_id) DO UPDATE SET required_done = required_done + excluded.required_done;
  INSERT INTO lesson_completions (lesson_id, completed) SELECT new.lesson_id, 1 WHERE new.completed_at IS NOT NULL
    ON CONFLICT (lesson_id) DO UPDATE SET completed = completed + 1;
END;--> statement-breakpoint
CREATE TRIGGER lesson_progress_counts_update AFTER UPDATE OF completed_at ON lesson_progress
  WHEN (old.completed_at IS NULL) <> (new.completed_at IS NULL)
BEGIN
  UPDATE course_progress SET required_done = required_done + (CASE WHEN new.completed_at IS NULL THEN -1 ELSE 1 END)
    WHERE course_id = new.course_id AND user_id = new.user_id AND (SELECT is_required FROM lessons WHERE id = new.lesson_id) = 1;
  INSERT INTO lesson_completions (lesson_id, completed) VALUES (new.lesson_id, CASE WHEN new.completed_at IS NULL THEN -1 ELSE 1 END)
    ON CONFLICT (lesson_id) DO UPDATE SET completed = completed + excluded.completed;
END;--> statement-breakpoint
CREATE TRIGGER lesson_progress_counts_delete AFTER DELETE ON lesson_progress
BEGIN
  UPDATE course_progress SET required_done = required_done - 1
    WHERE course_id = old.course_id AND user_id = old.user_id AND old.completed_at IS NOT NULL
      AND (SELECT is_required FROM lessons WHERE id = old.lesson_id) = 1;
  DELETE FROM course_progress WHERE course_id = old.course_id AND user_id = old.user_id
    AND NOT EXISTS (SELECT 1 FROM lesson_progress WHERE course_id = old.course_id AND user_id = old.user_id);
  UPDATE lesson_completions SET completed = completed - 1 WHERE lesson_id = old.lesson_id AND old.completed_at IS NOT NULL;
END;--> statement-breakpoint
CREATE TRIGGER lessons_required_counts AFTER UPDATE OF is_required ON lessons WHEN old.is_required <> new.is_required
BEGIN
  UPDATE course_progress SET required_done = required_done + (CASE WHEN new.is_required = 1 THEN 1 ELSE -1 END)
    WHERE course_id = new.course_id
      AND user_id IN (SELECT user_id FROM lesson_progress WHERE lesson_id = new.id AND completed_at IS NOT NULL);
END;--> statement-breakpoint
-- A lesson's progress rows are deleted with it, after it: by then the lesson cannot say it was required.
CREATE TRIGGER lessons_delete_counts BEFORE DELETE ON lessons WHEN old.is_required = 1
BEGIN
  UPDATE course_progress SET required_done = required_done - 1
    WHERE course_id = old.course_id
      AND user_id IN (SELECT user_id FROM lesson_progress WHERE lesson_id = old.id AND completed_at IS NOT NULL);
END;
