ALTER TABLE "newsletter_subscribers" DROP CONSTRAINT "newsletter_subscribers_status_check";--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "consented_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ALTER COLUMN "consented_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "local_sessions" ADD COLUMN "kind" text DEFAULT 'session' NOT NULL;--> statement-breakpoint
ALTER TABLE "local_sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_name_length_check" CHECK (char_length("name") <= 200);--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_email_check" CHECK (char_length("email") <= 254 and "email" ~ '^[^@[:space:]]+@[^@[:space:]]+$');--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_message_length_check" CHECK (char_length("message") <= 5000);--> statement-breakpoint
ALTER TABLE "local_sessions" ADD CONSTRAINT "local_sessions_kind_check" CHECK ("kind" in ('session', 'recovery'));--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_email_check" CHECK (char_length("email") <= 254 and "email" ~ '^[^@[:space:]]+@[^@[:space:]]+$');--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_source_length_check" CHECK (char_length("source") <= 100);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_consent_check" CHECK ("status" = 'pending' or "consented_at" is not null);--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD CONSTRAINT "newsletter_subscribers_status_check" CHECK ("status" in ('pending', 'active', 'unsubscribed'));--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_name_length_check" CHECK (char_length("name") <= 200);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_email_check" CHECK (char_length("email") <= 254 and "email" ~ '^[^@[:space:]]+@[^@[:space:]]+$');--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_phone_length_check" CHECK (char_length("phone") <= 40);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_organization_name_length_check" CHECK (char_length("organization_name") <= 200);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_country_length_check" CHECK (char_length("country") <= 100);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_location_length_check" CHECK (char_length("location") <= 100);--> statement-breakpoint
ALTER TABLE "volunteers" ADD CONSTRAINT "volunteers_lists_length_check" CHECK (cardinality("interests") <= 20 and cardinality("availability") <= 10 and cardinality("skills") <= 20);