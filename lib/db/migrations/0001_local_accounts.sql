CREATE TABLE "local_email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_email_tokens_purpose_check" CHECK ("purpose" in ('signup', 'recovery'))
);
--> statement-breakpoint
CREATE TABLE "local_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "local_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"full_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_users_email_key" UNIQUE("email"),
	CONSTRAINT "local_users_email_lower_check" CHECK ("local_users"."email" = lower(btrim("local_users"."email")))
);
--> statement-breakpoint
ALTER TABLE "local_email_tokens" ADD CONSTRAINT "local_email_tokens_user_id_local_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."local_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "local_sessions" ADD CONSTRAINT "local_sessions_user_id_local_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."local_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "local_email_tokens_user_id_idx" ON "local_email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "local_sessions_user_id_idx" ON "local_sessions" USING btree ("user_id");