-- A plan's target is stored as it was saved: one audience expression (plans.target), whose ids are
-- no foreign keys. Before, its parts were rows that cascaded away with a deleted tag, mark or friend,
-- and the rest widened. Each plan's rows become the expression
--   {"kind":"all","of":[tags leaf?, marks leaf?, {"kind":"any","of":[condition…]}?, friends leaf?]}
-- with tags/marks leaves {"kind":"tags","match":"any"|"none","ids":[…]} (any: target_has_tag),
-- a condition {"kind":"all","key":id,"of":[{"kind":"tags","match":"any","ids":accepted}?, {"kind":"tags","match":"none","ids":excepted}?]}
-- (its key the condition's former id, so the editor's condition ids stay; new keys come from
-- plan_target_condition_keys, after them)
-- and {"kind":"friends","ids":[…]} when target_is_specified_friend.
CREATE SEQUENCE "public"."plan_target_condition_keys" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
SELECT setval('plan_target_condition_keys', coalesce((SELECT max("id") FROM "target_conditions"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "target" jsonb;--> statement-breakpoint
UPDATE "plans" AS p SET "target" = jsonb_build_object('kind', 'all', 'of', (
  SELECT coalesce(jsonb_agg(parts.part ORDER BY parts.ord), '[]'::jsonb) FROM (
    SELECT 1 AS ord, jsonb_build_object('kind', 'tags', 'match', CASE WHEN p.target_has_tag THEN 'any' ELSE 'none' END,
        'ids', jsonb_agg(pt.tag_id ORDER BY pt.tag_id)) AS part
      FROM "plan_tags" pt WHERE pt.plan_id = p.id AND pt.role = 'target' HAVING count(*) > 0
    UNION ALL
    SELECT 2, jsonb_build_object('kind', 'marks', 'match', CASE WHEN p.target_has_mark THEN 'any' ELSE 'none' END,
        'ids', jsonb_agg(pm.mark_id ORDER BY pm.mark_id))
      FROM "plan_marks" pm WHERE pm.plan_id = p.id AND pm.role = 'target' HAVING count(*) > 0
    UNION ALL
    SELECT 3, jsonb_build_object('kind', 'any', 'of', jsonb_agg(conditions.condition ORDER BY conditions.id))
      FROM (
        SELECT tc.id, jsonb_build_object('kind', 'all', 'key', tc.id, 'of', (
          SELECT coalesce(jsonb_agg(leaves.leaf ORDER BY leaves.ord), '[]'::jsonb) FROM (
            SELECT 1 AS ord, jsonb_build_object('kind', 'tags', 'match', 'any', 'ids', jsonb_agg(tct.tag_id ORDER BY tct.tag_id)) AS leaf
              FROM "target_condition_tags" tct WHERE tct.target_condition_id = tc.id AND tct.accepted HAVING count(*) > 0
            UNION ALL
            SELECT 2, jsonb_build_object('kind', 'tags', 'match', 'none', 'ids', jsonb_agg(tct.tag_id ORDER BY tct.tag_id))
              FROM "target_condition_tags" tct WHERE tct.target_condition_id = tc.id AND NOT tct.accepted HAVING count(*) > 0
          ) leaves)) AS condition
        FROM "target_conditions" tc WHERE tc.plan_id = p.id
      ) conditions HAVING count(*) > 0
    UNION ALL
    SELECT 4, jsonb_build_object('kind', 'friends', 'ids', coalesce(
        (SELECT jsonb_agg(ptf.friend_id ORDER BY ptf.friend_id) FROM "plan_target_friends" ptf WHERE ptf.plan_id = p.id),
        '[]'::jsonb))
      WHERE p.target_is_specified_friend
  ) parts));--> statement-breakpoint
DELETE FROM "plan_tags" WHERE "role" = 'target';--> statement-breakpoint
DELETE FROM "plan_marks" WHERE "role" = 'target';--> statement-breakpoint
DROP TABLE "plan_target_friends" CASCADE;--> statement-breakpoint
DROP TABLE "target_condition_tags" CASCADE;--> statement-breakpoint
DROP TABLE "target_conditions" CASCADE;--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "target_has_tag";--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "target_has_mark";--> statement-breakpoint
ALTER TABLE "plans" DROP COLUMN "target_is_specified_friend";
