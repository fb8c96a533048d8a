DROP INDEX "learning_xapi_outbox_created_idx";--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "learning_xapi_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_xapi_outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_xapi_outbox" ADD COLUMN "refused_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "learning_xapi_outbox_waiting_idx" ON "learning_xapi_outbox" USING btree ("created_at","id") WHERE "learning_xapi_outbox"."sent_at" is null and "learning_xapi_outbox"."refused_at" is null;