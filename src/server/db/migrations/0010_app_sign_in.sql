-- Issue 23 §4, app sign-in finished: suite apps (the seed's firstParty) skip consent, other apps ask once per user
-- (oauth_consents, listed and revoked in /account); an app may register a back-channel logout URI; a grant remembers
-- the portal session it was made with (session_id), so ending that session signs the user out of the app.
ALTER TABLE "oauth_clients" ADD COLUMN "first_party" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "oauth_clients" ADD COLUMN "backchannel_logout_uri" text;--> statement-breakpoint
-- The deployment's own apps seeded before this flag existed were the suite's: they keep signing in without consent.
UPDATE "oauth_clients" SET "first_party" = true WHERE "organization_id" IS NULL;--> statement-breakpoint
ALTER TABLE "oidc_models" ADD COLUMN "session_id" uuid;--> statement-breakpoint
CREATE INDEX "oidc_models_session_idx" ON "oidc_models" USING btree ("session_id") WHERE "session_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "oauth_consents" (
	"user_id" uuid NOT NULL,
	"client_id" text NOT NULL,
	"scopes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oauth_consents_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "oauth_consents" ADD CONSTRAINT "oauth_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_consents" ADD CONSTRAINT "oauth_consents_client_id_oauth_clients_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oauth_clients"("client_id") ON DELETE cascade ON UPDATE no action;
