CREATE TABLE "friend_status_counts" (
	"line_account_id" integer NOT NULL,
	"status" text NOT NULL,
	"friends" integer NOT NULL,
	CONSTRAINT "friend_status_counts_line_account_id_status_pk" PRIMARY KEY("line_account_id","status")
);
--> statement-breakpoint
ALTER TABLE "friend_status_counts" ADD CONSTRAINT "friend_status_counts_line_account_id_line_accounts_id_fk" FOREIGN KEY ("line_account_id") REFERENCES "public"."line_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The counts follow every write to friends (the API, webhooks, imports, the demo seed, hand-written SQL):
-- one upsert per statement from its transition tables, and only when a status count moved; rows are
-- taken in (channel, status) order, so a block and an unblock at once cannot lock them crosswise. A deleted
-- channel's friends go with its count row (cascade), so a delete only updates rows still there.
CREATE FUNCTION "friend_status_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "friend_status_counts" ("line_account_id", "status", "friends")
		SELECT "line_account_id", "status", count(*)::int FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("line_account_id", "status") DO UPDATE SET "friends" = "friend_status_counts"."friends" + excluded."friends";
	ELSIF TG_OP = 'UPDATE' THEN
		INSERT INTO "friend_status_counts" ("line_account_id", "status", "friends")
		SELECT "line_account_id", "status", sum(n)::int FROM (
			SELECT n."line_account_id", n."status", 1 AS n FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."status" <> n."status"
			UNION ALL
			SELECT o."line_account_id", o."status", -1 FROM new_rows n JOIN old_rows o ON o."id" = n."id" WHERE o."status" <> n."status"
		) moved
		GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT ("line_account_id", "status") DO UPDATE SET "friends" = "friend_status_counts"."friends" + excluded."friends";
	ELSE
		UPDATE "friend_status_counts" c SET "friends" = c."friends" - d.n
		  FROM (SELECT "line_account_id", "status", count(*)::int AS n FROM old_rows GROUP BY 1, 2) d
		 WHERE c."line_account_id" = d."line_account_id" AND c."status" = d."status";
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "friends_status_counts_insert" AFTER INSERT ON "friends"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_status_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friends_status_counts_update" AFTER UPDATE ON "friends"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_status_counts_keep"();
--> statement-breakpoint
CREATE TRIGGER "friends_status_counts_delete" AFTER DELETE ON "friends"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "friend_status_counts_keep"();
--> statement-breakpoint
INSERT INTO "friend_status_counts" ("line_account_id", "status", "friends")
SELECT "line_account_id", "status", count(*)::int FROM "friends" GROUP BY 1, 2;
