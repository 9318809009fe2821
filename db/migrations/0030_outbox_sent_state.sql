DROP INDEX `outbox_messages_sent_at_idx`;--> statement-breakpoint
CREATE INDEX `outbox_messages_sent_at_idx` ON `outbox_messages` (`sent_at`,`state`) WHERE "outbox_messages"."text_body" IS NOT NULL;