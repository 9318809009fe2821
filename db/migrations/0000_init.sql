CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`password_hash` text NOT NULL,
	`role` text DEFAULT 'content_manager' NOT NULL,
	`last_login_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_admin_id_unique` ON `admins` (`admin_id`);--> statement-breakpoint
CREATE INDEX `admins_role_idx` ON `admins` (`role`);--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_type` text NOT NULL,
	`actor_id` text,
	`action` text NOT NULL,
	`entity_type` text,
	`entity_id` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_at_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_type`,`actor_id`);--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`content` text NOT NULL,
	`excerpt` text NOT NULL,
	`category` text NOT NULL,
	`image_url` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`is_published` integer DEFAULT false NOT NULL,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_published_idx` ON `blog_posts` (`is_published`,`published_at`);--> statement-breakpoint
CREATE INDEX `blog_posts_category_idx` ON `blog_posts` (`category`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_read_created_idx` ON `contact_messages` (`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`percent_off` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`max_redemptions` integer,
	`redemption_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "coupons_code_upper" CHECK("coupons"."code" = upper("coupons"."code")),
	CONSTRAINT "coupons_percent_range" CHECK("coupons"."percent_off" between 1 and 100),
	CONSTRAINT "coupons_redemptions_nonnegative" CHECK("coupons"."redemption_count" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_code_uq` ON `coupons` (`code`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`short_description` text NOT NULL,
	`description` text NOT NULL,
	`level` text DEFAULT 'beginner' NOT NULL,
	`price_paise` integer DEFAULT 0 NOT NULL,
	`original_price_paise` integer,
	`duration` text NOT NULL,
	`image_url` text,
	`cover_photo_url` text,
	`brochure_pdf_url` text,
	`features` text DEFAULT '[]' NOT NULL,
	`syllabus` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "courses_price_nonnegative" CHECK("courses"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX `courses_active_level_idx` ON `courses` (`is_active`,`level`);--> statement-breakpoint
CREATE INDEX `courses_price_idx` ON `courses` (`price_paise`);--> statement-breakpoint
CREATE INDEX `courses_title_idx` ON `courses` (`title`);--> statement-breakpoint
CREATE TABLE `enrollment_forms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`whatsapp_number` text NOT NULL,
	`email` text,
	`age` integer,
	`country` text,
	`state` text NOT NULL,
	`city` text NOT NULL,
	`experience_level` text NOT NULL,
	`course_or_event_id` integer NOT NULL,
	`course_or_event_type` text NOT NULL,
	`source_of_lead` text NOT NULL,
	`broker` text,
	`training_preference` text,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_intent_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `enrollment_forms_user_idx` ON `enrollment_forms` (`user_id`);--> statement-breakpoint
CREATE INDEX `enrollment_forms_created_at_idx` ON `enrollment_forms` (`created_at`);--> statement-breakpoint
CREATE INDEX `enrollment_forms_target_idx` ON `enrollment_forms` (`course_or_event_type`,`course_or_event_id`);--> statement-breakpoint
CREATE TABLE `enrollments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`course_id` integer NOT NULL,
	`enrolled_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`payment_intent_id` text,
	`amount_paise` integer DEFAULT 0 NOT NULL,
	`coupon_id` integer,
	`enrollment_form_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`coupon_id`) REFERENCES `coupons`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`enrollment_form_id`) REFERENCES `enrollment_forms`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `enrollments_payment_intent_id_unique` ON `enrollments` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `enrollments_user_idx` ON `enrollments` (`user_id`);--> statement-breakpoint
CREATE INDEX `enrollments_course_status_idx` ON `enrollments` (`course_id`,`payment_status`);--> statement-breakpoint
CREATE INDEX `enrollments_coupon_idx` ON `enrollments` (`coupon_id`);--> statement-breakpoint
CREATE INDEX `enrollments_form_idx` ON `enrollments` (`enrollment_form_id`);--> statement-breakpoint
CREATE INDEX `enrollments_enrolled_at_idx` ON `enrollments` (`enrolled_at`);--> statement-breakpoint
CREATE TABLE `event_registrations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`registered_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_registrations_event_user_uq` ON `event_registrations` (`event_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `event_registrations_user_idx` ON `event_registrations` (`user_id`);--> statement-breakpoint
CREATE INDEX `event_registrations_registered_at_idx` ON `event_registrations` (`registered_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`event_type` text DEFAULT 'webinar' NOT NULL,
	`event_date` integer NOT NULL,
	`duration_minutes` integer DEFAULT 60 NOT NULL,
	`max_participants` integer,
	`price_paise` integer DEFAULT 0 NOT NULL,
	`registration_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "events_price_nonnegative" CHECK("events"."price_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX `events_active_date_idx` ON `events` (`is_active`,`event_date`);--> statement-breakpoint
CREATE INDEX `events_type_idx` ON `events` (`event_type`);--> statement-breakpoint
CREATE TABLE `mentors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`title` text NOT NULL,
	`bio` text NOT NULL,
	`image_url` text,
	`experience` text,
	`specialization` text DEFAULT '[]' NOT NULL,
	`social_links` text DEFAULT '{}' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`display_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `mentors_active_order_idx` ON `mentors` (`is_active`,`display_order`);--> statement-breakpoint
CREATE TABLE `newsletter_subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_subscribers_email_unique` ON `newsletter_subscribers` (`email`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`sess` text NOT NULL,
	`expire` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `shared_files` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token` text NOT NULL,
	`filename` text NOT NULL,
	`stored_path` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`created_by_admin_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`created_by_admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shared_files_token_unique` ON `shared_files` (`token`);--> statement-breakpoint
CREATE INDEX `shared_files_admin_idx` ON `shared_files` (`created_by_admin_id`);--> statement-breakpoint
CREATE INDEX `shared_files_created_at_idx` ON `shared_files` (`created_at`);--> statement-breakpoint
CREATE TABLE `testimonials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`content` text NOT NULL,
	`rating` integer DEFAULT 5 NOT NULL,
	`profession` text,
	`image_url` text,
	`is_approved` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "testimonials_rating_range" CHECK("testimonials"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE INDEX `testimonials_approved_idx` ON `testimonials` (`is_approved`,`created_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text,
	`last_name` text,
	`profile_image_url` text,
	`password_hash` text,
	`stripe_customer_id` text,
	`stripe_subscription_id` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);