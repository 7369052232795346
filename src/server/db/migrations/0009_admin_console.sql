CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid,
	"uploaded_by" uuid,
	"content_type" text NOT NULL,
	"data" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "seed_code_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "invited_by" uuid;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_chosen" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_unattached_idx" ON "images" USING btree ("attached_at","created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD CONSTRAINT "oauth_clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_org_time_idx" ON "audit_events" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "invitations_org_idx" ON "invitations" USING btree ("organization_id","created_at");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_seed_code_hash_unique" UNIQUE("seed_code_hash");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_about_something" CHECK ("audit_events"."user_id" IS NOT NULL OR "audit_events"."organization_id" IS NOT NULL);--> statement-breakpoint
-- Before this migration a company's sign-up gave its first admin a random password nobody knew: an admin of a
-- signed-up company who has neither changed nor reset it since chooses one at the next verified step.
UPDATE "users" SET "password_chosen" = false
WHERE "id" IN (
  SELECT "memberships"."user_id" FROM "memberships"
  JOIN "organizations" ON "organizations"."id" = "memberships"."organization_id"
  WHERE "memberships"."role" = 'admin' AND "organizations"."sign_up_details" IS NOT NULL
)
AND NOT EXISTS (
  SELECT 1 FROM "audit_events"
  WHERE "audit_events"."user_id" = "users"."id" AND "audit_events"."kind" IN ('password-changed', 'password-reset')
);
--> statement-breakpoint
-- Invitations already in the database came from a seed file (the console is new): the seed finds them by their code.
UPDATE "invitations" SET "seed_code_hash" = "code_hash";
