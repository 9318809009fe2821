ALTER TABLE `payment_events` ADD `entity_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_entity_uq` ON `payment_events` (`provider`,`type`,`entity_id`);