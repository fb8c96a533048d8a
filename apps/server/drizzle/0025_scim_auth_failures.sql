CREATE TABLE "scim_auth_failures" (
	"source" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scim_auth_failures_window_idx" ON "scim_auth_failures" USING btree ("window_start");