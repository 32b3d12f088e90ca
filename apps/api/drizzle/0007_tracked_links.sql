CREATE TABLE "tracked_links" (
	"token" text PRIMARY KEY NOT NULL,
	"line_account_id" integer NOT NULL,
	"friend_id" integer NOT NULL,
	"action_item_id" bigint NOT NULL,
	"target_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_clicked_at" timestamp with time zone,
	"click_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_friend_id_friends_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."friends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracked_links_friend_idx" ON "tracked_links" USING btree ("friend_id");