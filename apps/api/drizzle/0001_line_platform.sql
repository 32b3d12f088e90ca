CREATE TABLE "deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"messages" jsonb NOT NULL,
	"retry_key" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"line_request_id" text,
	"source" text NOT NULL,
	"source_id" bigint,
	"sent_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "deliveries_retry_key_unique" UNIQUE("retry_key")
);
--> statement-breakpoint
CREATE TABLE "delivery_recipients" (
	"delivery_id" bigint NOT NULL,
	"friend_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_recipients_delivery_id_friend_id_pk" PRIMARY KEY("delivery_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "friends" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"line_user_id" text NOT NULL,
	"display_name" text DEFAULT '' NOT NULL,
	"picture_url" text,
	"status_message" text,
	"language" text,
	"status" text DEFAULT 'following' NOT NULL,
	"followed_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"status_event_at" bigint DEFAULT 0 NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_type" text,
	"last_message_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"content" jsonb NOT NULL,
	"line_message_id" text,
	"webhook_event_id" bigint,
	"delivery_id" bigint,
	"sent_by_user_id" integer,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"webhook_event_id" text NOT NULL,
	"type" text NOT NULL,
	"line_user_id" text,
	"occurred_at" bigint NOT NULL,
	"is_redelivery" boolean DEFAULT false NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "basic_id" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "bot_user_id" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "channel_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "channel_access_token_sealed" text;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "webhook_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "simulated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "connection_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "line_accounts" ADD COLUMN "connection_error" text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_recipients" ADD CONSTRAINT "delivery_recipients_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friends" ADD CONSTRAINT "friends_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("next_attempt_at") WHERE status in ('queued', 'waiting_quota', 'sending');--> statement-breakpoint
CREATE INDEX "deliveries_channel_idx" ON "deliveries" USING btree ("line_account_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_recipients_friend_idx" ON "delivery_recipients" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "friends_channel_user_idx" ON "friends" USING btree ("line_account_id","line_user_id");--> statement-breakpoint
CREATE INDEX "friends_channel_last_message_idx" ON "friends" USING btree ("line_account_id","last_message_at");--> statement-breakpoint
CREATE INDEX "messages_friend_idx" ON "messages" USING btree ("friend_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_webhook_event_idx" ON "messages" USING btree ("webhook_event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_channel_event_idx" ON "webhook_events" USING btree ("line_account_id","webhook_event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("line_account_id","occurred_at") WHERE processed_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "line_accounts_channel_id_idx" ON "line_accounts" USING btree ("channel_id");--> statement-breakpoint
ALTER TABLE "line_accounts" ADD CONSTRAINT "line_accounts_webhook_key_unique" UNIQUE("webhook_key");