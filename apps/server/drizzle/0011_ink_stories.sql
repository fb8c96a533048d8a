CREATE TABLE "ink_stories" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"published_version_id" uuid,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ink_story_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"source" text NOT NULL,
	"compiled_json" text,
	"messages" jsonb NOT NULL,
	"error_count" integer NOT NULL,
	"warning_count" integer NOT NULL,
	"stats" jsonb NOT NULL,
	"restored_from_number" integer,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ink_story_versions_compiled_check" CHECK (("ink_story_versions"."compiled_json" is null) = ("ink_story_versions"."error_count" > 0))
);
--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "ink_turn" text;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "ink_choice_text" text;--> statement-breakpoint
ALTER TABLE "ink_stories" ADD CONSTRAINT "ink_stories_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ink_stories" ADD CONSTRAINT "ink_stories_published_version_id_ink_story_versions_id_fk" FOREIGN KEY ("published_version_id") REFERENCES "public"."ink_story_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ink_stories" ADD CONSTRAINT "ink_stories_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ink_story_versions" ADD CONSTRAINT "ink_story_versions_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ink_story_versions" ADD CONSTRAINT "ink_story_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ink_story_versions_storyfile_number_key" ON "ink_story_versions" USING btree ("storyfile_id","number");--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_ink_turn_check" CHECK ("chat_log_entries"."ink_turn" in ('choice', 'free'));