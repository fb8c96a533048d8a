ALTER TABLE "chat_log_entries" DROP CONSTRAINT "chat_log_entries_channel_check";--> statement-breakpoint
ALTER TABLE "conversations" DROP CONSTRAINT "conversations_channel_check";--> statement-breakpoint
ALTER TABLE "chat_log_entries" ADD CONSTRAINT "chat_log_entries_channel_check" CHECK ("chat_log_entries"."channel" in ('studio', 'share', 'embed', 'api', 'learning'));--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_channel_check" CHECK ("conversations"."channel" in ('studio', 'share', 'embed', 'api', 'learning'));--> statement-breakpoint
-- The learning player's exchanges were logged as the studio's test channel: they become 'learning'.
UPDATE "conversations" SET "channel" = 'learning' WHERE "id" IN (SELECT "conversation_id" FROM "learning_attempts");--> statement-breakpoint
UPDATE "chat_log_entries" SET "channel" = 'learning' WHERE "conversation_id" IN (SELECT "conversation_id" FROM "learning_attempts");
