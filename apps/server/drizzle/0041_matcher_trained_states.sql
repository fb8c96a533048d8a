CREATE TABLE "matcher_trained_states" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"state" "bytea" NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
