CREATE TABLE "storyfile_speech_settings" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"recognizer" text DEFAULT 'studio' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_speech_settings_recognizer_check" CHECK ("storyfile_speech_settings"."recognizer" in ('studio', 'browser'))
);
--> statement-breakpoint
ALTER TABLE "storyfile_speech_settings" ADD CONSTRAINT "storyfile_speech_settings_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;