CREATE TABLE "visitor_links" (
	"visitor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visitor_links_visitor_id_user_id_pk" PRIMARY KEY("visitor_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "visitor_links" ADD CONSTRAINT "visitor_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitor_links_user_idx" ON "visitor_links" USING btree ("user_id");