CREATE TABLE "saml_assertions" (
	"connection_id" text NOT NULL,
	"assertion_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "saml_assertions_connection_id_assertion_id_pk" PRIMARY KEY("connection_id","assertion_id")
);
--> statement-breakpoint
CREATE INDEX "saml_assertions_expires_idx" ON "saml_assertions" USING btree ("expires_at");