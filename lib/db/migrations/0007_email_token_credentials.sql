ALTER TABLE "local_email_tokens" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "local_email_tokens" ADD COLUMN "full_name" text;