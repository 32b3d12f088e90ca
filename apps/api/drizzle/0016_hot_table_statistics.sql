-- The hot tables' statistics and dead rows are looked after sooner than PostgreSQL's defaults (analyze
-- after 10 % of the rows changed, vacuum after 20 %): a burst writes a million enrolments, sends,
-- deliveries or imported friends in a minute, and the engine's batch statements are planned on these
-- statistics. Analyzed after 2 % (plus 1,000 rows), vacuumed after 5 % (plus 1,000), inserts included.
ALTER TABLE "plan_enrolments" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000, autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "plan_sends" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000, autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "friends" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000, autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.05);--> statement-breakpoint
ALTER TABLE "deliveries" SET (autovacuum_analyze_scale_factor = 0.02, autovacuum_analyze_threshold = 1000, autovacuum_vacuum_scale_factor = 0.05, autovacuum_vacuum_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0.05);
