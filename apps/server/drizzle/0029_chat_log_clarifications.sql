ALTER TABLE "chat_log_entries" ADD COLUMN "clarification" text;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "suggestions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD COLUMN "chosen_from_exchange_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_chosen_from_exchange_id_chat_log_entries_id_fk" FOREIGN KEY ("chosen_from_exchange_id") REFERENCES "public"."chat_log_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_log_entries_chosen_from_idx" ON "chat_log_entries" USING btree ("chosen_from_exchange_id") WHERE "chat_log_entries"."chosen_from_exchange_id" is not null;--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_clarification_check" CHECK ("chat_log_entries"."clarification" in ('did-you-mean', 'topics-and-starters'));