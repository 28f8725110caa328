ALTER TABLE "volunteers" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "volunteers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_status_check" CHECK ("status" in ('new', 'welcomed', 'active', 'left'));