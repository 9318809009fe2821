ALTER TABLE `newsletter_subscribers` ADD `confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_token_hash` text;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `confirm_expires_at` integer;--> statement-breakpoint
ALTER TABLE `newsletter_subscribers` ADD `unsubscribe_token` text NOT NULL DEFAULT '';--> statement-breakpoint
-- Addresses already on the list subscribed through the form themselves, before
-- confirmation existed: they stay subscribed, and each gets its unsubscribe secret.
UPDATE `newsletter_subscribers` SET `confirmed_at` = `created_at`, `unsubscribe_token` = lower(hex(randomblob(24)));--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_confirm_token_hash_unique` ON `newsletter_subscribers` (`confirm_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_unsubscribe_token_unique` ON `newsletter_subscribers` (`unsubscribe_token`);--> statement-breakpoint
ALTER TABLE `outbox_messages` ADD `list_unsubscribe` text;
