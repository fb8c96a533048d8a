CREATE TABLE "scim_identities" (
	"namespace_id" uuid NOT NULL,
	"resource_type" text NOT NULL,
	"resource_id" uuid NOT NULL,
	"external_id" text,
	"user_name" text,
	CONSTRAINT "scim_identities_namespace_id_resource_type_resource_id_pk" PRIMARY KEY("namespace_id","resource_type","resource_id"),
	CONSTRAINT "scim_identities_type_check" CHECK ("scim_identities"."resource_type" in ('User', 'Group'))
);
--> statement-breakpoint
CREATE TABLE "scim_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"namespace_id" uuid NOT NULL,
	"label" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "scim_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "scim_identities" ADD CONSTRAINT "scim_identities_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_namespace_id_namespaces_id_fk" FOREIGN KEY ("namespace_id") REFERENCES "public"."namespaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scim_tokens" ADD CONSTRAINT "scim_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scim_identities_user_name_key" ON "scim_identities" USING btree ("namespace_id",lower("user_name")) WHERE "scim_identities"."user_name" is not null;--> statement-breakpoint
CREATE INDEX "scim_tokens_namespace_idx" ON "scim_tokens" USING btree ("namespace_id");