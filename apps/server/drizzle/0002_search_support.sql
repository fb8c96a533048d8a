-- Trigram indexes make ILIKE '%term%' searches (spec §5) index scans instead of table scans.
-- pg_trgm ships with PostgreSQL (the embedded one too) and is a trusted extension, so a database
-- owner may create it without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE, which an index expression cannot use; for text[] it is
-- immutable in fact. Newlines keep a phrase from matching across two alternates.
CREATE OR REPLACE FUNCTION conversa_alternates_text(alternates text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT array_to_string(alternates, E'\n') $$;
