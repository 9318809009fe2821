CREATE TABLE `candles` (
	`dataset_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`open_at` integer NOT NULL,
	`close_at` integer NOT NULL,
	`open` integer NOT NULL,
	`high` integer NOT NULL,
	`low` integer NOT NULL,
	`close` integer NOT NULL,
	`volume` integer NOT NULL,
	PRIMARY KEY(`dataset_id`, `seq`),
	FOREIGN KEY (`dataset_id`) REFERENCES `market_datasets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `candles_dataset_close_idx` ON `candles` (`dataset_id`,`close_at`);--> statement-breakpoint
CREATE TABLE `instruments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exchange` text NOT NULL,
	`symbol` text NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`tick_units` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "instruments_tick_positive" CHECK("instruments"."tick_units" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `instruments_exchange_symbol_uq` ON `instruments` (`exchange`,`symbol`);--> statement-breakpoint
CREATE TABLE `journal_comments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trade_id` integer NOT NULL,
	`admin_id` integer,
	`author_name` text NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`trade_id`) REFERENCES `paper_trades`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `journal_comments_trade_idx` ON `journal_comments` (`trade_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `market_datasets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`instrument_id` integer NOT NULL,
	`timeframe_minutes` integer NOT NULL,
	`source` text NOT NULL,
	`is_generated` integer DEFAULT false NOT NULL,
	`filename` text NOT NULL,
	`uploaded_by` text NOT NULL,
	`candle_count` integer NOT NULL,
	`first_open_at` integer NOT NULL,
	`last_close_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`instrument_id`) REFERENCES `instruments`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `market_datasets_instrument_idx` ON `market_datasets` (`instrument_id`);--> statement-breakpoint
CREATE TABLE `paper_trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`replay_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`setup_id` integer,
	`side` text NOT NULL,
	`quantity` integer NOT NULL,
	`entry_seq` integer NOT NULL,
	`entry_price` integer NOT NULL,
	`stop_loss` integer,
	`target` integer,
	`reason` text NOT NULL,
	`exit_seq` integer,
	`exit_price` integer,
	`exit_reason` text,
	`pnl_paise` integer,
	`notes` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`closed_at` integer,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`replay_id`) REFERENCES `replays`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`setup_id`) REFERENCES `trade_setups`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "paper_trades_quantity_range" CHECK("paper_trades"."quantity" BETWEEN 1 AND 1000000)
);
--> statement-breakpoint
CREATE INDEX `paper_trades_replay_idx` ON `paper_trades` (`replay_id`,`entry_seq`);--> statement-breakpoint
CREATE INDEX `paper_trades_user_idx` ON `paper_trades` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `replay_exercises` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`lesson_id` integer,
	`batch_session_id` integer,
	`dataset_id` integer NOT NULL,
	`title` text NOT NULL,
	`start_seq` integer NOT NULL,
	`history_candles` integer DEFAULT 60 NOT NULL,
	`is_blind` integer DEFAULT true NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lesson_id`) REFERENCES `lessons`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_session_id`) REFERENCES `batch_sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`dataset_id`) REFERENCES `market_datasets`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `replay_exercises_course_idx` ON `replay_exercises` (`course_id`);--> statement-breakpoint
CREATE INDEX `replay_exercises_lesson_idx` ON `replay_exercises` (`lesson_id`);--> statement-breakpoint
CREATE INDEX `replay_exercises_session_idx` ON `replay_exercises` (`batch_session_id`);--> statement-breakpoint
CREATE TABLE `replays` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exercise_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`revealed_seq` integer NOT NULL,
	`ended_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`exercise_id`) REFERENCES `replay_exercises`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `replays_user_idx` ON `replays` (`user_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `replays_open_uq` ON `replays` (`exercise_id`,`user_id`) WHERE "replays"."ended_at" IS NULL;--> statement-breakpoint
CREATE TABLE `trade_setups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`position` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `trade_setups_course_idx` ON `trade_setups` (`course_id`,`position`);