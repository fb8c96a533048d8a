CREATE TABLE "public_ask_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "public_ask_counters_window_idx" ON "public_ask_counters" USING btree ("window_start");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Rate-limit windows live a minute: no WAL for them (a crash empties the table, which only forgives the current minute).
ALTER TABLE "public_ask_counters" SET UNLOGGED;
