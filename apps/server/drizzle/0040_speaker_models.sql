CREATE TABLE "storyfile_speaker_models" (
	"storyfile_id" uuid NOT NULL,
	"revision" integer NOT NULL,
	"method" text NOT NULL,
	"corrected" integer NOT NULL,
	"recordings" integer NOT NULL,
	"storage_prefix" text NOT NULL,
	"files" jsonb NOT NULL,
	"seconds" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_speaker_models_storyfile_id_revision_pk" PRIMARY KEY("storyfile_id","revision")
);
--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD COLUMN "speaker_model_revision" integer;--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD COLUMN "previous_draft" jsonb;--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD COLUMN "redrafted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storyfile_speaker_models" ADD CONSTRAINT "storyfile_speaker_models_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;