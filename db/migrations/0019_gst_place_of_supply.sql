-- Every existing row is kept as issued: documents get round-off 0 and no note (so their sums and reprints are unchanged);
-- courses, events and existing orders are online, the default.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_tax_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`number` text NOT NULL,
	`financial_year` text NOT NULL,
	`sequence` integer NOT NULL,
	`order_id` integer NOT NULL,
	`credited_document_id` integer,
	`issued_at` integer NOT NULL,
	`seller` text NOT NULL,
	`buyer` text NOT NULL,
	`place_of_supply` text NOT NULL,
	`sac` text NOT NULL,
	`description` text NOT NULL,
	`gst_rate_bps` integer NOT NULL,
	`taxable_paise` integer NOT NULL,
	`cgst_paise` integer DEFAULT 0 NOT NULL,
	`sgst_paise` integer DEFAULT 0 NOT NULL,
	`igst_paise` integer DEFAULT 0 NOT NULL,
	`round_off_paise` integer DEFAULT 0 NOT NULL,
	`total_paise` integer NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "tax_documents_number_shape" CHECK(length("__new_tax_documents"."number") <= 16 and "__new_tax_documents"."number" not glob '*[^A-Za-z0-9/-]*'),
	CONSTRAINT "tax_documents_sum" CHECK("__new_tax_documents"."taxable_paise" + "__new_tax_documents"."cgst_paise" + "__new_tax_documents"."sgst_paise" + "__new_tax_documents"."igst_paise" + "__new_tax_documents"."round_off_paise" = "__new_tax_documents"."total_paise")
);
--> statement-breakpoint
INSERT INTO `__new_tax_documents`("id", "kind", "number", "financial_year", "sequence", "order_id", "credited_document_id", "issued_at", "seller", "buyer", "place_of_supply", "sac", "description", "gst_rate_bps", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", "round_off_paise", "total_paise", "note", "created_at") SELECT "id", "kind", "number", "financial_year", "sequence", "order_id", "credited_document_id", "issued_at", "seller", "buyer", "place_of_supply", "sac", "description", "gst_rate_bps", "taxable_paise", "cgst_paise", "sgst_paise", "igst_paise", 0, "total_paise", NULL, "created_at" FROM `tax_documents`;--> statement-breakpoint
DROP TABLE `tax_documents`;--> statement-breakpoint
ALTER TABLE `__new_tax_documents` RENAME TO `tax_documents`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `tax_documents_number_uq` ON `tax_documents` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `tax_documents_series_uq` ON `tax_documents` (`kind`,`financial_year`,`sequence`);--> statement-breakpoint
CREATE INDEX `tax_documents_order_idx` ON `tax_documents` (`order_id`);--> statement-breakpoint
CREATE INDEX `tax_documents_issued_at_idx` ON `tax_documents` (`issued_at`);--> statement-breakpoint
ALTER TABLE `courses` ADD `delivery_mode` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `venue_state_code` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `delivery_mode` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `venue_state_code` text;--> statement-breakpoint
ALTER TABLE `events` ADD `delivery_mode` text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE `events` ADD `venue_state_code` text;