-- Hand-written: the words of a script question and its alternates as a custom category's
-- normalised phrases are written (lower case, accents folded, every run of other characters
-- than a-z and 0-9 a break). Immutable in fact (array_to_string is, for text[]), so an index
-- can use it: the categories list counts "used by answers" through the index below. Only
-- pg_catalog functions inside: index maintenance runs with a search_path of pg_catalog alone.
CREATE OR REPLACE FUNCTION conversa_question_words(question text, alternates text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT string_to_array(btrim(regexp_replace(regexp_replace(
    normalize(lower($1 || E'\n' || coalesce(array_to_string($2, E'\n'), '')), NFKD),
    '[\u0300-\u036f]', '', 'g'), '[^a-z0-9]+', ' ', 'g')), ' ') $$;
--> statement-breakpoint
CREATE INDEX "chat_log_entries_words_idx" ON "chat_log_entries" USING gin (string_to_array("normalized_text", ' '));--> statement-breakpoint
CREATE INDEX "storyfile_questions_words_idx" ON "storyfile_questions" USING gin (conversa_question_words("text", "alternates"));