-- A channel whose webhook key or channel secret changed, or that was deleted, is announced on
-- "line_account_changed" (its id) at commit, whatever wrote it: each API process keeps the channels
-- its webhook requests named (webhooks/channel-cache.ts) and forgets this one.
CREATE FUNCTION "line_account_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('line_account_changed', OLD."id"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "line_account_changed_on_update" AFTER UPDATE ON "line_accounts" FOR EACH ROW
	WHEN (OLD."webhook_key" IS DISTINCT FROM NEW."webhook_key"
		OR OLD."channel_secret_sealed" IS DISTINCT FROM NEW."channel_secret_sealed")
	EXECUTE FUNCTION "line_account_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "line_account_changed_on_delete" AFTER DELETE ON "line_accounts" FOR EACH ROW
	EXECUTE FUNCTION "line_account_changed_notify"();
