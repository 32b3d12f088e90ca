CREATE TABLE "friend_conversation_counts" (
	"line_account_id" integer PRIMARY KEY NOT NULL,
	"conversations" integer NOT NULL,
	"unread" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_friend_counts" (
	"mark_id" integer PRIMARY KEY NOT NULL,
	"friends" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_friend_counts" (
	"tag_id" integer PRIMARY KEY NOT NULL,
	"friends" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "friend_conversation_counts" ADD CONSTRAINT "friend_conversation_counts_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_friend_counts" ADD CONSTRAINT "mark_friend_counts_mark_id_marks_id_fk" FOREIGN KEY ("mark_id") REFERENCES "public"."marks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_friend_counts" ADD CONSTRAINT "tag_friend_counts_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every write (the API, webhooks, imports, plans, the demo seed, hand-written SQL),
-- one upsert per statement from its transition tables, rows taken in key order so that two statements
-- cannot lock them crosswise; as friend_status_counts (0031). A deleted label's or channel's rows go by
-- cascade, so deletes only update rows still there.
CREATE FUNCTION "tag_friend_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "tag_friend_counts" ("tag_id", "friends")
		SELECT "tag_id", count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
		ON CONFLICT ("tag_id") DO UPDATE SET "friends" = "tag_friend_counts"."friends" + excluded."friends";
	ELSE
		UPDATE "tag_friend_counts" c SET "friends" = c."friends" - d.n
		  FROM (SELECT "tag_id", count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1) d
		 WHERE c."tag_id" = d."tag_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "mark_friend_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "mark_friend_counts" ("mark_id", "friends")
		SELECT "mark_id", count(*)::int FROM new_rows GROUP BY 1 ORDER BY 1
		ON CONFLICT ("mark_id") DO UPDATE SET "friends" = "mark_friend_counts"."friends" + excluded."friends";
	ELSE
		UPDATE "mark_friend_counts" c SET "friends" = c."friends" - d.n
		  FROM (SELECT "mark_id", count(*)::int AS n FROM old_rows GROUP BY 1 ORDER BY 1) d
		 WHERE c."mark_id" = d."mark_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- A conversation is a friend with a message (last_message_at set); unread, one with unread_count > 0.
-- Most updates of friends move neither (a second message, a score): only rows that moved are summed,
-- and nothing is written when no count moved.
CREATE FUNCTION "friend_conversation_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "friend_conversation_counts" ("line_account_id", "conversations", "unread")
		SELECT "line_account_id", count(*) FILTER (WHERE "last_message_at" IS NOT NULL)::int,
		       count(*) FILTER (WHERE "unread_count" > 0)::int
		  FROM new_rows WHERE "last_message_at" IS NOT NULL OR "unread_count" > 0
		 GROUP BY 1 ORDER BY 1
		ON CONFLICT ("line_account_id") DO UPDATE SET
			"conversations" = "friend_conversation_counts"."conversations" + excluded."conversations",
			"unread" = "friend_conversation_counts"."unread" + excluded."unread";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "friend_conversation_counts" ("line_account_id", "conversations", "unread")
		SELECT n."line_account_id",
		       sum(("n"."last_message_at" IS NOT NULL)::int - ("o"."last_message_at" IS NOT NULL)::int)::int,
		       sum(("n"."unread_count" > 0)::int - ("o"."unread_count" > 0)::int)::int
		  FROM new_rows n JOIN old_rows o ON o."id" = n."id"
		 WHERE ("o"."last_message_at" IS NULL) <> ("n"."last_message_at" IS NULL)
		    OR ("o"."unread_count" > 0) <> ("n"."unread_count" > 0)
		 GROUP BY 1 ORDER BY 1
		ON CONFLICT ("line_account_id") DO UPDATE SET
			"conversations" = "friend_conversation_counts"."conversations" + excluded."conversations",
			"unread" = "friend_conversation_counts"."unread" + excluded."unread";
	ELSE
		UPDATE "friend_conversation_counts" c SET "conversations" = c."conversations" - d.conversations, "unread" = c."unread" - d.unread
		  FROM (SELECT "line_account_id", count(*) FILTER (WHERE "last_message_at" IS NOT NULL)::int AS conversations,
		               count(*) FILTER (WHERE "unread_count" > 0)::int AS unread
		          FROM old_rows GROUP BY 1 ORDER BY 1) d
		 WHERE c."line_account_id" = d."line_account_id";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "friend_tags_counts_insert" AFTER INSERT ON "friend_tags"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tag_friend_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friend_tags_counts_delete" AFTER DELETE ON "friend_tags"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tag_friend_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friend_marks_counts_insert" AFTER INSERT ON "friend_marks"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "mark_friend_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friend_marks_counts_delete" AFTER DELETE ON "friend_marks"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "mark_friend_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friends_conversation_counts_insert" AFTER INSERT ON "friends"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_conversation_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friends_conversation_counts_update" AFTER UPDATE ON "friends"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_conversation_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friends_conversation_counts_delete" AFTER DELETE ON "friends"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_conversation_counts_keep"();
--> statement-breakpoint
INSERT INTO "tag_friend_counts" ("tag_id", "friends") SELECT "tag_id", count(*)::int FROM "friend_tags" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "mark_friend_counts" ("mark_id", "friends") SELECT "mark_id", count(*)::int FROM "friend_marks" GROUP BY 1;
--> statement-breakpoint
INSERT INTO "friend_conversation_counts" ("line_account_id", "conversations", "unread")
SELECT "line_account_id", count(*) FILTER (WHERE "last_message_at" IS NOT NULL)::int, count(*) FILTER (WHERE "unread_count" > 0)::int
  FROM "friends" WHERE "last_message_at" IS NOT NULL OR "unread_count" > 0 GROUP BY 1;
