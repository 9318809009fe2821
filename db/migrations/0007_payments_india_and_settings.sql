CREATE TABLE `coupon_targets` (
	`coupon_id` integer NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer NOT NULL,
	PRIMARY KEY(`coupon_id`, `target_type`, `target_id`),
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `site_settings` (
	`section` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE TABLE `tax_documents` (
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
	`total_paise` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `enrollments`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "tax_documents_number_shape" CHECK(length("tax_documents"."number") <= 16 and "tax_documents"."number" not glob '*[^A-Za-z0-9/-]*'),
	CONSTRAINT "tax_documents_sum" CHECK("tax_documents"."taxable_paise" + "tax_documents"."cgst_paise" + "tax_documents"."sgst_paise" + "tax_documents"."igst_paise" = "tax_documents"."total_paise")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tax_documents_number_uq` ON `tax_documents` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `tax_documents_series_uq` ON `tax_documents` (`kind`,`financial_year`,`sequence`);--> statement-breakpoint
CREATE INDEX `tax_documents_order_idx` ON `tax_documents` (`order_id`);--> statement-breakpoint
CREATE INDEX `tax_documents_issued_at_idx` ON `tax_documents` (`issued_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`kind` text DEFAULT 'percent' NOT NULL,
	`percent_off` integer,
	`amount_off_paise` integer,
	`min_order_paise` integer,
	`per_student_limit` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`max_redemptions` integer,
	`redemption_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "coupons_code_upper" CHECK("__new_coupons"."code" = upper("__new_coupons"."code")),
	CONSTRAINT "coupons_discount_shape" CHECK(("__new_coupons"."kind" = 'percent' and "__new_coupons"."percent_off" between 1 and 100 and "__new_coupons"."amount_off_paise" is null) or ("__new_coupons"."kind" = 'amount' and "__new_coupons"."amount_off_paise" > 0 and "__new_coupons"."percent_off" is null)),
	CONSTRAINT "coupons_redemptions_nonnegative" CHECK("__new_coupons"."redemption_count" >= 0),
	CONSTRAINT "coupons_min_order_nonnegative" CHECK("__new_coupons"."min_order_paise" is null or "__new_coupons"."min_order_paise" >= 0),
	CONSTRAINT "coupons_per_student_positive" CHECK("__new_coupons"."per_student_limit" is null or "__new_coupons"."per_student_limit" >= 1)
);
--> statement-breakpoint
INSERT INTO `__new_coupons`("id", "code", "kind", "percent_off", "is_active", "expires_at", "max_redemptions", "redemption_count", "created_at") SELECT "id", "code", 'percent', "percent_off", "is_active", "expires_at", "max_redemptions", "redemption_count", "created_at" FROM `coupons`;--> statement-breakpoint
DROP TABLE `coupons`;--> statement-breakpoint
ALTER TABLE `__new_coupons` RENAME TO `coupons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_uq` ON `coupons` (`code`);--> statement-breakpoint
ALTER TABLE `enrollments` ADD `provider` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `provider_order_id` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `provider_payment_id` text;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `billing` text;--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_provider_order_uq` ON `enrollments` (`provider`,`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_provider_payment_uq` ON `enrollments` (`provider`,`provider_payment_id`);