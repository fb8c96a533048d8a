CREATE TABLE "mobile_app_featured" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_featured_dates_check" CHECK ("mobile_app_featured"."starts_on" is null or "mobile_app_featured"."ends_on" is null or "mobile_app_featured"."starts_on" <= "mobile_app_featured"."ends_on")
);
--> statement-breakpoint
CREATE TABLE "mobile_app_storyfiles" (
	"storyfile_id" uuid PRIMARY KEY NOT NULL,
	"in_app" boolean DEFAULT false NOT NULL,
	"popular_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mobile_app_featured" ADD CONSTRAINT "mobile_app_featured_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_app_storyfiles" ADD CONSTRAINT "mobile_app_storyfiles_storyfile_id_storyfiles_id_fk" FOREIGN KEY ("storyfile_id") REFERENCES "public"."storyfiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_app_featured_position_idx" ON "mobile_app_featured" USING btree ("position");--> statement-breakpoint
CREATE INDEX "mobile_app_storyfiles_in_app_idx" ON "mobile_app_storyfiles" USING btree ("in_app");