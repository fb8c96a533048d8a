CREATE TABLE "storyfile_transcript_settings" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"publish_drafts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storyfile_transcript_settings" ADD CONSTRAINT "storyfile_transcript_settings_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;