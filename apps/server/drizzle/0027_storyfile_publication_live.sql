ALTER TABLE "storyfiles" ADD COLUMN "is_publication_live" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Storyfiles published before the column existed: their publication row says so.
UPDATE "storyfiles" SET "is_publication_live" = true
  FROM "storyfile_publications" p
  WHERE p."storyfile_id" = "storyfiles"."id" AND p."is_published";
