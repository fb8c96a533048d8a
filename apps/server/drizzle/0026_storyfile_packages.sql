CREATE TABLE "storyfile_package_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"step" text DEFAULT '' NOT NULL,
	"user_id" uuid,
	"namespace_id" uuid NOT NULL,
	"storyfile_id" uuid,
	"storyfile_name" text NOT NULL,
	"upload_id" text,
	"requested_name" text,
	"storage_key" text,
	"media_plan" jsonb,
	"file_name" text,
	"size_bytes" bigint,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_package_jobs_kind_check" CHECK ("storyfile_package_jobs"."kind" in ('export', 'import')),
	CONSTRAINT "storyfile_package_jobs_state_check" CHECK ("storyfile_package_jobs"."state" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "storyfile_package_jobs_progress_check" CHECK ("storyfile_package_jobs"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_kind_check";--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_target_check";--> statement-breakpoint
ALTER TABLE "storyfile_package_jobs" ADD CONSTRAINT "storyfile_package_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_package_jobs" ADD CONSTRAINT "storyfile_package_jobs_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_package_jobs" ADD CONSTRAINT "storyfile_package_jobs_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storyfile_package_jobs_user_idx" ON "storyfile_package_jobs" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind_check" CHECK ("uploads"."kind" in ('answer', 'clip', 'avatar', 'package'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_target_check" CHECK (case "uploads"."kind"
        when 'answer' then "uploads"."storyfile_id" is not null and "uploads"."storyfile_question_id" is not null
        when 'clip' then "uploads"."storyfile_id" is not null and "uploads"."clip_kind" is not null
        when 'package' then true
        else "uploads"."resource_type" is not null and "uploads"."resource_id" is not null end);