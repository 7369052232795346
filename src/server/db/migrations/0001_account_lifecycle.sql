CREATE TABLE "onboarding_employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"employee_code" text,
	"preboarding" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" uuid,
	"onboarding_employee_id" uuid,
	"organization_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "product_access" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "sign_up_details" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "onboarding_employee_id" uuid;--> statement-breakpoint
ALTER TABLE "onboarding_employees" ADD CONSTRAINT "onboarding_employees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_onboarding_employee_id_onboarding_employees_id_fk" FOREIGN KEY ("onboarding_employee_id") REFERENCES "public"."onboarding_employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_employees_org_email_idx" ON "onboarding_employees" USING btree ("organization_id","email");--> statement-breakpoint
CREATE INDEX "onboarding_employees_code_idx" ON "onboarding_employees" USING btree ("organization_id","employee_code");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash_idx" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_idx" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_employee_idx" ON "one_time_codes" USING btree ("onboarding_employee_id","purpose");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_onboarding_employee_id_onboarding_employees_id_fk" FOREIGN KEY ("onboarding_employee_id") REFERENCES "public"."onboarding_employees"("id") ON DELETE cascade ON UPDATE no action;