CREATE TABLE "plan_mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_subscription_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"next_charge_at" timestamp with time zone,
	"failed_charges" integer DEFAULT 0 NOT NULL,
	"notice_sent_for" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_mandates_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
CREATE TABLE "testpay_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"period_days" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testpay_plans_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "testpay_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"charge_at" timestamp with time zone,
	"total_count" integer NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"auth_attempts" integer DEFAULT 0 NOT NULL,
	"expire_by" timestamp with time zone NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"method" text,
	"charge_outcome" text DEFAULT 'success' NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "mandate_id" text;--> statement-breakpoint
ALTER TABLE "plan_mandates" ADD CONSTRAINT "plan_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_mandates" ADD CONSTRAINT "plan_mandates_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_subscriptions" ADD CONSTRAINT "testpay_subscriptions_plan_id_testpay_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."testpay_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_mandates_user_idx" ON "plan_mandates" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "testpay_subscriptions_charge_idx" ON "testpay_subscriptions" USING btree ("charge_at");