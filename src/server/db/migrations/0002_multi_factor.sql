ALTER TABLE "users" ADD COLUMN "mfa_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_last_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_recovery_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_pending_secret" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_pending_recovery_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_pending_step" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mfa_reset_until" timestamp with time zone;