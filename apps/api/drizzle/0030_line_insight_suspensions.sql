CREATE TABLE "channel_suspensions" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"suspended_at" timestamp with time zone,
	"resumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "line_insight_days" (
	"line_account_id" integer NOT NULL,
	"day" text NOT NULL,
	"followers" integer,
	"targeted_reaches" integer,
	"blocks" integer,
	"deliveries" integer,
	"deliveries_by_kind" jsonb,
	"pending" text,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "line_insight_days_line_account_id_day_pk" PRIMARY KEY("line_account_id","day")
);
--> statement-breakpoint
ALTER TABLE "channel_suspensions" ADD CONSTRAINT "channel_suspensions_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_insight_days" ADD CONSTRAINT "line_insight_days_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;