-- The friend name search's key for texts too short for trigrams (1–2 characters, modules/friends/name-search-repository.ts):
-- the distinct lower-cased characters and adjacent character pairs of a name, in code points, so that
-- `name_grams(name) @> array[lower(text)]` holds whenever `name ilike '%text%'` does (a UTF-8 ILIKE compares
-- lower-cased text too); the search rechecks the match itself. Written by hand (drizzle-kit does not manage
-- functions): plain SQL, so PGlite runs it as PostgreSQL does. Not inlinable (it has a FROM), so a query's
-- `name_grams(column)` matches the index expression.
CREATE FUNCTION "name_grams"("name" text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
	SELECT coalesce(array_agg(DISTINCT substr(l.lowered, i, width)), '{}')
	  FROM (SELECT lower("name") AS lowered) l,
	       generate_series(1, char_length(l.lowered)) i,
	       (VALUES (1), (2)) w(width)
	 WHERE i + width - 1 <= char_length(l.lowered)
$$;--> statement-breakpoint
CREATE INDEX "friends_display_name_grams_idx" ON "friends" USING gin (name_grams("display_name"));--> statement-breakpoint
CREATE INDEX "friends_display_name_override_grams_idx" ON "friends" USING gin (name_grams("display_name_override"));