CREATE TABLE "detection_settings" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"incident_id" integer NOT NULL,
	"kind" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_mail_opt_ins" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_mail_opt_ins_account_id_user_id_pk" PRIMARY KEY("account_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" serial PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"detector" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"severity" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"figures" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"affected" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metric" text NOT NULL,
	"mailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_channel_id_key" UNIQUE("line_account_id","id")
);
--> statement-breakpoint
CREATE TABLE "metric_buckets" (
	"line_account_id" integer NOT NULL,
	"metric" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "metric_buckets_line_account_id_metric_hour_detail_pk" PRIMARY KEY("line_account_id","metric","hour","detail")
);
--> statement-breakpoint
ALTER TABLE "detection_settings" ADD CONSTRAINT "detection_settings_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_events" ADD CONSTRAINT "incident_events_incident_fk" FOREIGN KEY ("line_account_id","incident_id") REFERENCES "public"."incidents"("line_account_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_mail_opt_ins" ADD CONSTRAINT "incident_mail_opt_ins_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_mail_opt_ins" ADD CONSTRAINT "incident_mail_opt_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_buckets" ADD CONSTRAINT "metric_buckets_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_events_incident_idx" ON "incident_events" USING btree ("incident_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_one_open_key" ON "incidents" USING btree ("line_account_id","detector","subject") WHERE status <> 'resolved';--> statement-breakpoint
CREATE INDEX "incidents_channel_seen_idx" ON "incidents" USING btree ("line_account_id","last_seen_at");