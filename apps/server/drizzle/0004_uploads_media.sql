CREATE TABLE "avatars" (
	"resource_type" text NOT NULL,
	"resource_id" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"upload_id" text,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_resource_type_resource_id_pk" PRIMARY KEY("resource_type","resource_id")
);
--> statement-breakpoint
CREATE TABLE "media_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"upload_id" text NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"storyfile_question_id" uuid,
	"clip_kind" text,
	"storage_prefix" text NOT NULL,
	"files" jsonb NOT NULL,
	"duration_ms" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_assets_upload_id_unique" UNIQUE("upload_id"),
	CONSTRAINT "media_assets_target_check" CHECK (("media_assets"."storyfile_question_id" is null) <> ("media_assets"."clip_kind" is null))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"tus_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"storyfile_id" uuid,
	"storyfile_question_id" uuid,
	"clip_kind" text,
	"resource_type" text,
	"resource_id" text,
	"filename" text,
	"filetype" text,
	"size_bytes" bigint,
	"phase" text DEFAULT 'uploading' NOT NULL,
	"error" text,
	"uploaded_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('answer', 'clip', 'avatar')),
	CONSTRAINT "uploads_phase_check" CHECK ("uploads"."phase" in ('uploading', 'processing', 'ready', 'failed', 'cancelled')),
	CONSTRAINT "uploads_target_check" CHECK (case "uploads"."kind"
        when 'answer' then "uploads"."storyfile_id" is not null and "uploads"."storyfile_question_id" is not null
        when 'clip' then "uploads"."storyfile_id" is not null and "uploads"."clip_kind" is not null
        else "uploads"."resource_type" is not null and "uploads"."resource_id" is not null end)
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_storyfile_question_id_storyfile_questions_id_fk" FOREIGN KEY ("storyfile_question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_assets" ADD CONSTRAINT "media_assets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_storyfile_question_id_storyfile_questions_id_fk" FOREIGN KEY ("storyfile_question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_assets_storyfile_idx" ON "media_assets" USING btree ("storyfile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_question_key" ON "media_assets" USING btree ("storyfile_question_id") WHERE "media_assets"."storyfile_question_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "media_assets_clip_key" ON "media_assets" USING btree ("storyfile_id","clip_kind") WHERE "media_assets"."clip_kind" is not null;--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_storyfile_idx" ON "uploads" USING btree ("storyfile_id");--> statement-breakpoint
CREATE INDEX "uploads_phase_created_idx" ON "uploads" USING btree ("phase","created_at");