ALTER TABLE "newsletter_subscribers" ADD COLUMN "form" text;--> statement-breakpoint
-- Spec §3: source is 'website' for the site's forms; the form's place ('home', 'community') moves to its own column.
UPDATE "newsletter_subscribers" SET "form" = "source", "source" = 'website' WHERE "source" NOT IN ('website', 'api');
