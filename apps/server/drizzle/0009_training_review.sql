CREATE TABLE "custom_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"storyfile_id" uuid,
	"name" text NOT NULL,
	"phrases" text[] NOT NULL,
	"normalized_phrases" text[] NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"term" text NOT NULL,
	"display_form" text,
	"heard_as" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "training_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"question_id" uuid,
	"question_text" text,
	"is_question_created" boolean DEFAULT false NOT NULL,
	"entry_ids" uuid[] NOT NULL,
	"auto_closed_entry_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"added_alternates" text[] DEFAULT '{}'::text[] NOT NULL,
	"removed_alternates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"normalized_texts" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" uuid,
	CONSTRAINT "training_actions_kind_check" CHECK ("training_actions"."kind" in ('correct', 'record', 'out-of-scope', 'ignore'))
);
--> statement-breakpoint
CREATE TABLE "training_ignores" (
	"storyfile_id" uuid NOT NULL,
	"normalized_text" text NOT NULL,
	"action_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_ignores_storyfile_id_normalized_text_pk" PRIMARY KEY("storyfile_id","normalized_text")
);
--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "normalized_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "top_candidates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "top_margin" double precision;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "review_state" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "review_action_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "feedback" text;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "feedback_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "storyfile_questions" ADD COLUMN "queued_to_record_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_categories" ADD CONSTRAINT "custom_categories_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_categories" ADD CONSTRAINT "custom_categories_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_categories" ADD CONSTRAINT "custom_categories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_categories" ADD CONSTRAINT "custom_categories_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_words" ADD CONSTRAINT "custom_words_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_words" ADD CONSTRAINT "custom_words_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_words" ADD CONSTRAINT "custom_words_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_actions" ADD CONSTRAINT "training_actions_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_actions" ADD CONSTRAINT "training_actions_question_id_storyfile_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_actions" ADD CONSTRAINT "training_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_actions" ADD CONSTRAINT "training_actions_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_ignores" ADD CONSTRAINT "training_ignores_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_ignores" ADD CONSTRAINT "training_ignores_action_id_training_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."training_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_categories_namespace_idx" ON "custom_categories" USING btree ("namespace_id","storyfile_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_categories_namespace_name_key" ON "custom_categories" USING btree ("namespace_id",lower("name")) WHERE "custom_categories"."storyfile_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_categories_storyfile_name_key" ON "custom_categories" USING btree ("storyfile_id",lower("name")) WHERE "custom_categories"."storyfile_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_words_namespace_term_key" ON "custom_words" USING btree ("namespace_id",lower("term"));--> statement-breakpoint
CREATE INDEX "training_actions_storyfile_created_idx" ON "training_actions" USING btree ("storyfile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_storyfile_review_created_idx" ON "chat_log_entries" USING btree ("storyfile_id","review_state","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_storyfile_normalized_idx" ON "chat_log_entries" USING btree ("storyfile_id","normalized_text");--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_review_state_check" CHECK ("chat_log_entries"."review_state" in ('new', 'resolved', 'ignored', 'queued'));--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_feedback_check" CHECK ("chat_log_entries"."feedback" in ('up', 'down'));