CREATE TABLE "chat_log_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"question_text" text NOT NULL,
	"input_mode" text NOT NULL,
	"decision" text NOT NULL,
	"fallback_reason" text,
	"answer_question_id" uuid,
	"answer_question_text" text,
	"score" double precision,
	"confidence" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_log_entries_channel_check" CHECK ("chat_log_entries"."channel" in ('studio', 'share', 'embed', 'api')),
	CONSTRAINT "chat_log_entries_input_mode_check" CHECK ("chat_log_entries"."input_mode" in ('typed', 'spoken')),
	CONSTRAINT "chat_log_entries_decision_check" CHECK ("chat_log_entries"."decision" in ('answered', 'fallback'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"visitor_key" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "conversations_channel_check" CHECK ("conversations"."channel" in ('studio', 'share', 'embed', 'api'))
);
--> statement-breakpoint
CREATE TABLE "storyfile_matching_settings" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"threshold" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "storyfile_publications" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_publications_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_answer_question_id_storyfile_questions_id_fk" FOREIGN KEY ("answer_question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_matching_settings" ADD CONSTRAINT "storyfile_matching_settings_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_publications" ADD CONSTRAINT "storyfile_publications_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_publications" ADD CONSTRAINT "storyfile_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_log_entries_storyfile_created_idx" ON "chat_log_entries" USING btree ("storyfile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_created_idx" ON "chat_log_entries" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_conversation_created_idx" ON "chat_log_entries" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "chat_log_entries_decision_created_idx" ON "chat_log_entries" USING btree ("decision","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_confidence_created_idx" ON "chat_log_entries" USING btree ("confidence","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "chat_log_entries_channel_created_idx" ON "chat_log_entries" USING btree ("channel","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_storyfile_started_idx" ON "conversations" USING btree ("storyfile_id","started_at");--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_at");