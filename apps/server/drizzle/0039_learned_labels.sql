CREATE TABLE "storyfile_learned_labels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"question_text" text NOT NULL,
	"normalized_text" text NOT NULL,
	"source" text NOT NULL,
	"visitor_key" text NOT NULL,
	"exchange_id" uuid,
	"action_id" uuid,
	"removed_at" timestamp with time zone,
	"removed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storyfile_learned_labels_visitor_key" UNIQUE("storyfile_id","question_id","normalized_text","visitor_key"),
	CONSTRAINT "storyfile_learned_labels_source_check" CHECK ("storyfile_learned_labels"."source" in ('suggestion', 'rating', 'correction'))
);
--> statement-breakpoint
ALTER TABLE "storyfile_learned_labels" ADD CONSTRAINT "storyfile_learned_labels_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_learned_labels" ADD CONSTRAINT "storyfile_learned_labels_question_id_storyfile_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."storyfile_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storyfile_learned_labels" ADD CONSTRAINT "storyfile_learned_labels_exchange_id_chat_log_entries_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."chat_log_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storyfile_learned_labels_storyfile_idx" ON "storyfile_learned_labels" USING btree ("storyfile_id","updated_at");--> statement-breakpoint
CREATE INDEX "storyfile_learned_labels_action_idx" ON "storyfile_learned_labels" USING btree ("action_id") WHERE "storyfile_learned_labels"."action_id" is not null;