CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"topic_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"alternates" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "script_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"script_id" uuid NOT NULL,
	"script_topic_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"alternates" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"source_question_id" uuid
);
--> statement-breakpoint
CREATE TABLE "script_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"script_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"source_topic_id" uuid
);
--> statement-breakpoint
CREATE TABLE "scripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid,
	"slug" text,
	"content_hash" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"name_before_delete" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scripts_slug_unique" UNIQUE("slug"),
	CONSTRAINT "scripts_shipped_or_namespaced_check" CHECK (("scripts"."namespace_id" is null) = ("scripts"."slug" is not null))
);
--> statement-breakpoint
CREATE TABLE "storyfile_clips" (
	"storyfile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"recorded_at" timestamp with time zone,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_clips_storyfile_id_kind_pk" PRIMARY KEY("storyfile_id","kind"),
	CONSTRAINT "storyfile_clips_kind_check" CHECK ("storyfile_clips"."kind" in ('idle', 'intro', 'cannotAnswer', 'pleaseRepeat'))
);
--> statement-breakpoint
CREATE TABLE "storyfile_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"storyfile_topic_id" uuid NOT NULL,
	"text" text NOT NULL,
	"text_key" text NOT NULL,
	"alternates" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"source_question_id" uuid,
	"answer_recorded_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storyfile_starters" (
	"storyfile_id" uuid NOT NULL,
	"storyfile_question_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "storyfile_starters_storyfile_id_storyfile_question_id_pk" PRIMARY KEY("storyfile_id","storyfile_question_id")
);
--> statement-breakpoint
CREATE TABLE "storyfile_topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"source_topic_id" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storyfiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"avatar_url" text,
	"name_before_delete" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfiles_status_check" CHECK ("storyfiles"."status" in ('draft', 'recording', 'ready', 'published'))
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"name_before_delete" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_questions" ADD CONSTRAINT "script_questions_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_questions" ADD CONSTRAINT "script_questions_script_topic_id_script_topics_id_fk" FOREIGN KEY ("script_topic_id") REFERENCES "public"."script_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_questions" ADD CONSTRAINT "script_questions_source_question_id_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_topics" ADD CONSTRAINT "script_topics_script_id_scripts_id_fk" FOREIGN KEY ("script_id") REFERENCES "public"."scripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "script_topics" ADD CONSTRAINT "script_topics_source_topic_id_topics_id_fk" FOREIGN KEY ("source_topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scripts" ADD CONSTRAINT "scripts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_clips" ADD CONSTRAINT "storyfile_clips_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_clips" ADD CONSTRAINT "storyfile_clips_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD CONSTRAINT "storyfile_questions_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD CONSTRAINT "storyfile_questions_storyfile_topic_id_storyfile_topics_id_fk" FOREIGN KEY ("storyfile_topic_id") REFERENCES "public"."storyfile_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD CONSTRAINT "storyfile_questions_source_question_id_questions_id_fk" FOREIGN KEY ("source_question_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD CONSTRAINT "storyfile_questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD CONSTRAINT "storyfile_questions_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_starters" ADD CONSTRAINT "storyfile_starters_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_starters" ADD CONSTRAINT "storyfile_starters_storyfile_question_id_storyfile_questions_id_fk" FOREIGN KEY ("storyfile_question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_topics" ADD CONSTRAINT "storyfile_topics_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_topics" ADD CONSTRAINT "storyfile_topics_source_topic_id_topics_id_fk" FOREIGN KEY ("source_topic_id") REFERENCES "public"."topics"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_topics" ADD CONSTRAINT "storyfile_topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_topics" ADD CONSTRAINT "storyfile_topics_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfiles" ADD CONSTRAINT "storyfiles_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfiles" ADD CONSTRAINT "storyfiles_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfiles" ADD CONSTRAINT "storyfiles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfiles" ADD CONSTRAINT "storyfiles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_topic_position_idx" ON "questions" USING btree ("topic_id","position");--> statement-breakpoint
CREATE INDEX "questions_namespace_idx" ON "questions" USING btree ("namespace_id");--> statement-breakpoint
CREATE INDEX "questions_text_trgm_idx" ON "questions" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_alternates_trgm_idx" ON "questions" USING gin (conversa_alternates_text("alternates") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "questions_topic_text_key" ON "questions" USING btree ("topic_id","text_key") WHERE "questions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "script_questions_topic_position_idx" ON "script_questions" USING btree ("script_topic_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "script_questions_script_text_key" ON "script_questions" USING btree ("script_id","text_key");--> statement-breakpoint
CREATE INDEX "script_questions_text_trgm_idx" ON "script_questions" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "script_topics_script_position_idx" ON "script_topics" USING btree ("script_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "script_topics_script_name_key" ON "script_topics" USING btree ("script_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "scripts_namespace_name_key" ON "scripts" USING btree ("namespace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "scripts_name_trgm_idx" ON "scripts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "storyfile_questions_storyfile_text_key" ON "storyfile_questions" USING btree ("storyfile_id","text_key");--> statement-breakpoint
CREATE UNIQUE INDEX "storyfile_questions_storyfile_source_key" ON "storyfile_questions" USING btree ("storyfile_id","source_question_id") WHERE "storyfile_questions"."source_question_id" is not null;--> statement-breakpoint
CREATE INDEX "storyfile_questions_topic_position_idx" ON "storyfile_questions" USING btree ("storyfile_topic_id","position");--> statement-breakpoint
CREATE INDEX "storyfile_questions_text_trgm_idx" ON "storyfile_questions" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storyfile_starters_question_idx" ON "storyfile_starters" USING btree ("storyfile_question_id");--> statement-breakpoint
CREATE INDEX "storyfile_topics_storyfile_position_idx" ON "storyfile_topics" USING btree ("storyfile_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "storyfile_topics_storyfile_name_key" ON "storyfile_topics" USING btree ("storyfile_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "storyfiles_namespace_name_key" ON "storyfiles" USING btree ("namespace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "storyfiles_namespace_updated_idx" ON "storyfiles" USING btree ("namespace_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "storyfiles_name_trgm_idx" ON "storyfiles" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "storyfiles_description_trgm_idx" ON "storyfiles" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "topics_namespace_name_key" ON "topics" USING btree ("namespace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "topics_name_trgm_idx" ON "topics" USING gin ("name" gin_trgm_ops);