CREATE TABLE "storyfile_visitor_logs" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"questions" text[] NOT NULL,
	"question_count" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "storyfile_visitor_logs" ADD CONSTRAINT "storyfile_visitor_logs_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;