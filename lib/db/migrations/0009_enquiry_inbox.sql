ALTER TABLE "enquiry_notes" DROP CONSTRAINT "enquiry_notes_kind_check";--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "enquiries" ADD COLUMN "submission_key" text;--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "enquiries" ADD CONSTRAINT "enquiries_submission_key_unique" UNIQUE("submission_key");--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_message_id_unique" UNIQUE("message_id");--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_message_id_length_check" CHECK (char_length("message_id") <= 500);--> statement-breakpoint
ALTER TABLE "enquiry_notes" ADD CONSTRAINT "enquiry_notes_kind_check" CHECK ("kind" in ('note', 'reply', 'inbound'));--> statement-breakpoint
-- Enquiries someone has already worked on count as read; only the untouched 'new' ones stay unread (bold).
UPDATE "enquiries" SET "read_at" = coalesce("handled_at", "created_at") WHERE "status" <> 'new';
