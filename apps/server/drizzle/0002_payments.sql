CREATE SEQUENCE "public"."payment_receipt_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1001 CACHE 1;--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"provider_event_id" text,
	"body_hash" text,
	"provider_payment_id" text,
	"outcome" text NOT NULL,
	"detail" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_unique" UNIQUE("provider_event_id"),
	CONSTRAINT "payment_events_body_hash_unique" UNIQUE("body_hash")
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"provider_refund_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_provider_refund_id_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"subject_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"tax_paise" integer DEFAULT 0 NOT NULL,
	"tax_percent" integer,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"provider" text NOT NULL,
	"provider_order_id" text NOT NULL,
	"provider_payment_id" text,
	"method" text,
	"description" jsonb NOT NULL,
	"receipt_number" text DEFAULT 'PT' || lpad(nextval('payment_receipt_seq')::text, 8, '0') NOT NULL,
	"refunded_paise" integer DEFAULT 0 NOT NULL,
	"failure_reason" text,
	"grant_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "payments_provider_order_id_unique" UNIQUE("provider_order_id"),
	CONSTRAINT "payments_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "payments_receipt_number_unique" UNIQUE("receipt_number"),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('created', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded')),
	CONSTRAINT "payments_purpose_known" CHECK ("payments"."purpose" in ('booking', 'extension', 'overstay', 'plan', 'order')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_paise" > 0),
	CONSTRAINT "payments_tax_within_amount" CHECK ("payments"."tax_paise" >= 0 and "payments"."tax_paise" <= "payments"."amount_paise"),
	CONSTRAINT "payments_refund_within_amount" CHECK ("payments"."refunded_paise" >= 0 and "payments"."refunded_paise" <= "payments"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"price_paise" integer NOT NULL,
	"period_days" integer NOT NULL,
	"locker_hours" integer,
	"locker_hours_used" integer DEFAULT 0 NOT NULL,
	"deliveries_used" integer DEFAULT 0 NOT NULL,
	"payment_id" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "subscriptions_usage_not_negative" CHECK ("subscriptions"."locker_hours_used" >= 0 and "subscriptions"."deliveries_used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "testpay_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"receipt" text NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"amount_refunded_paise" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"webhook_next_at" timestamp with time zone,
	"webhook_attempts" integer DEFAULT 0 NOT NULL,
	"webhook_delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "testpay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_payments" ADD CONSTRAINT "testpay_payments_order_id_testpay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."testpay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_refunds" ADD CONSTRAINT "testpay_refunds_payment_id_testpay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."testpay_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_subject_idx" ON "payments" USING btree ("purpose","subject_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "subscriptions" USING btree ("user_id","kind","status");--> statement-breakpoint
CREATE INDEX "subscriptions_ends_idx" ON "subscriptions" USING btree ("status","ends_at");--> statement-breakpoint
CREATE INDEX "testpay_payments_order_idx" ON "testpay_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "testpay_payments_webhook_idx" ON "testpay_payments" USING btree ("webhook_next_at");