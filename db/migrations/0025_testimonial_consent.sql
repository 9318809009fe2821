ALTER TABLE `testimonials` ADD `city` text;--> statement-breakpoint
ALTER TABLE `testimonials` ADD `publish_consent_at` integer;