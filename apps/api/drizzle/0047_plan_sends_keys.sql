ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_enrolment_id_plan_enrolments_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_sends" DROP CONSTRAINT "plan_sends_plan_action_id_plan_actions_id_fk";
--> statement-breakpoint
-- What the dropped keys did, once per statement instead of a lookup and a lock per written send (a
-- burst writes a million): a deleted enrolment takes its sends; a deleted box leaves its sends in
-- the friend's history without a box (those of a plan being deleted go with its enrolments).
CREATE FUNCTION "plan_enrolments_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "plan_sends" WHERE "enrolment_id" IN (SELECT "id" FROM deleted_enrolments);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plan_enrolments_deleted" AFTER DELETE ON "plan_enrolments"
	REFERENCING OLD TABLE AS deleted_enrolments
	FOR EACH STATEMENT EXECUTE FUNCTION "plan_enrolments_deleted"();
--> statement-breakpoint
CREATE FUNCTION "plan_actions_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "plan_sends" SET "plan_action_id" = NULL
		WHERE ("plan_id", "plan_action_id") IN (SELECT d."plan_id", d."id" FROM deleted_actions AS d
			WHERE d."plan_id" IN (SELECT "id" FROM "plans"));
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "plan_actions_deleted" AFTER DELETE ON "plan_actions"
	REFERENCING OLD TABLE AS deleted_actions
	FOR EACH STATEMENT EXECUTE FUNCTION "plan_actions_deleted"();
