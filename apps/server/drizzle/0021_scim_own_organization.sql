ALTER TABLE "scim_identities" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "scim_identities" ADD COLUMN "family_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deprovisioned_at" timestamp with time zone;