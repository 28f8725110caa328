CREATE TABLE "back_office_requests" (
	"key" uuid PRIMARY KEY NOT NULL,
	"actor_id" uuid NOT NULL,
	"action" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "back_office_requests_created_at_idx" ON "back_office_requests" USING btree ("created_at");