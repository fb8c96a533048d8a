CREATE TABLE "video_transcripts" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text,
	"engine" text,
	"text" text DEFAULT '' NOT NULL,
	"cues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD CONSTRAINT "video_transcripts_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_transcripts" ADD CONSTRAINT "video_transcripts_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_transcripts_storyfile_idx" ON "video_transcripts" USING btree ("storyfile_id","status");