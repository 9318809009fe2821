ALTER TABLE `event_registrations` ADD `reminded_day_before_at` integer;--> statement-breakpoint
ALTER TABLE `event_registrations` ADD `reminded_hour_before_at` integer;--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `attachments` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `deactivated_at` integer;