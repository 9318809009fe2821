-- Messages are queued as what they are about (a payload: an order's id, a single-use token) and
-- written into subject and bodies after the queueing transaction commits. Subject and text body
-- are empty until then; every existing row was written when it was queued, so it has no payload.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_outbox_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`to_address` text NOT NULL,
	`payload` text,
	`subject` text,
	`text_body` text,
	`html_body` text,
	`attachments` text DEFAULT '[]' NOT NULL,
	`message_id` text NOT NULL,
	`list_unsubscribe` text,
	`state` text DEFAULT 'queued' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`next_attempt_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`user_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_outbox_messages`("id", "kind", "to_address", "payload", "subject", "text_body", "html_body", "attachments", "message_id", "list_unsubscribe", "state", "attempts", "last_error", "next_attempt_at", "user_id", "created_at", "sent_at") SELECT "id", "kind", "to_address", NULL, "subject", "text_body", "html_body", "attachments", "message_id", "list_unsubscribe", "state", "attempts", "last_error", "next_attempt_at", "user_id", "created_at", "sent_at" FROM `outbox_messages`;--> statement-breakpoint
DROP TABLE `outbox_messages`;--> statement-breakpoint
ALTER TABLE `__new_outbox_messages` RENAME TO `outbox_messages`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_messages_message_id_unique` ON `outbox_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `outbox_messages_due_idx` ON `outbox_messages` (`state`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_created_at_idx` ON `outbox_messages` (`created_at`);--> statement-breakpoint
CREATE INDEX `outbox_messages_unwritten_idx` ON `outbox_messages` (`state`,`id`) WHERE `payload` IS NOT NULL;