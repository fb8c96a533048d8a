CREATE TABLE "learning_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"open_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"close_at" timestamp with time zone,
	"rule" jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_activities_dates_check" CHECK (("learning_activities"."open_at" is null or "learning_activities"."due_at" is null or "learning_activities"."open_at" <= "learning_activities"."due_at")
        and ("learning_activities"."due_at" is null or "learning_activities"."close_at" is null or "learning_activities"."due_at" <= "learning_activities"."close_at")
        and ("learning_activities"."open_at" is null or "learning_activities"."close_at" is null or "learning_activities"."open_at" <= "learning_activities"."close_at"))
);
--> statement-breakpoint
CREATE TABLE "learning_activity_storyfiles" (
	"activity_id" uuid NOT NULL,
	"storyfile_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "learning_activity_storyfiles_activity_id_storyfile_id_pk" PRIMARY KEY("activity_id","storyfile_id")
);
--> statement-breakpoint
CREATE TABLE "learning_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"activity_id" uuid NOT NULL,
	"user_id" uuid,
	"team_id" uuid,
	CONSTRAINT "learning_assignments_one_target_check" CHECK (num_nonnulls("learning_assignments"."user_id", "learning_assignments"."team_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "learning_attempts" (
	"conversation_id" uuid PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_xapi_outbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"statement" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learning_activities" ADD CONSTRAINT "learning_activities_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_activities" ADD CONSTRAINT "learning_activities_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_activity_storyfiles" ADD CONSTRAINT "learning_activity_storyfiles_activity_id_learning_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."learning_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_activity_storyfiles" ADD CONSTRAINT "learning_activity_storyfiles_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_assignments" ADD CONSTRAINT "learning_assignments_activity_id_learning_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."learning_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_assignments" ADD CONSTRAINT "learning_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_assignments" ADD CONSTRAINT "learning_assignments_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_attempts" ADD CONSTRAINT "learning_attempts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_attempts" ADD CONSTRAINT "learning_attempts_activity_id_learning_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."learning_activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_attempts" ADD CONSTRAINT "learning_attempts_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_activities_namespace_created_idx" ON "learning_activities" USING btree ("namespace_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "learning_assignments_user_key" ON "learning_assignments" USING btree ("activity_id","user_id") WHERE "learning_assignments"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "learning_assignments_team_key" ON "learning_assignments" USING btree ("activity_id","team_id") WHERE "learning_assignments"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "learning_assignments_user_idx" ON "learning_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learning_assignments_team_idx" ON "learning_assignments" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "learning_attempts_activity_student_idx" ON "learning_attempts" USING btree ("activity_id","student_id");--> statement-breakpoint
CREATE INDEX "learning_attempts_student_idx" ON "learning_attempts" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "learning_xapi_outbox_created_idx" ON "learning_xapi_outbox" USING btree ("created_at");