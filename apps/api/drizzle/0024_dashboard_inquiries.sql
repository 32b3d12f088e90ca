CREATE TABLE "dashboard_tops" (
	"line_account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "dashboard_tops_line_account_id_kind_hour_ref_id_pk" PRIMARY KEY("line_account_id","kind","hour","ref_id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_tops" ADD CONSTRAINT "dashboard_tops_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;