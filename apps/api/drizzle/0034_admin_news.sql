CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_id" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"audience_oem_id" integer,
	"audience_agency_id" integer,
	"publish_at" timestamp with time zone NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_audience_check" CHECK (("news"."audience" = 'agency') = ("news"."audience_agency_id" is not null) and ("news"."audience" <> 'oem' or "news"."audience_oem_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "news_reads" (
	"news_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_reads_user_id_news_id_pk" PRIMARY KEY("user_id","news_id")
);
--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_oem_id_oems_id_fk" FOREIGN KEY ("oem_id") REFERENCES "public"."oems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_audience_oem_id_oems_id_fk" FOREIGN KEY ("audience_oem_id") REFERENCES "public"."oems"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_audience_agency_id_agencies_id_fk" FOREIGN KEY ("audience_agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_reads" ADD CONSTRAINT "news_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_oem_publish_idx" ON "news" USING btree ("oem_id","publish_at");--> statement-breakpoint
CREATE INDEX "news_audience_oem_idx" ON "news" USING btree ("audience_oem_id");--> statement-breakpoint
CREATE INDEX "news_audience_agency_idx" ON "news" USING btree ("audience_agency_id");--> statement-breakpoint
CREATE INDEX "news_reads_news_idx" ON "news_reads" USING btree ("news_id");