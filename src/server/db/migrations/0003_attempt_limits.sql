-- Counters of the old shape cannot be carried over (a row without an expiry would never reset): start afresh.
DELETE FROM "rate_limits";--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_limits" ADD COLUMN "expire" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "failures";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "window_started_at";--> statement-breakpoint
ALTER TABLE "rate_limits" DROP COLUMN "locked_until";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "mfa_reset_until";