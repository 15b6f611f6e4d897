CREATE TABLE "shop_payout_accounts" (
	"seller_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"linked_account_id" text,
	"status" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"account_last4" text NOT NULL,
	"ifsc" text NOT NULL,
	"email" text NOT NULL,
	"problem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_payout_accounts_linked_account_id_unique" UNIQUE("linked_account_id")
);
--> statement-breakpoint
CREATE TABLE "shop_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text NOT NULL,
	"provider_reversal_id" text,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_reversals_provider_reversal_id_unique" UNIQUE("provider_reversal_id"),
	CONSTRAINT "shop_reversals_status_known" CHECK ("shop_reversals"."status" in ('pending', 'processed', 'unrecovered')),
	CONSTRAINT "shop_reversals_amount_positive" CHECK ("shop_reversals"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "shop_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"seller_id" text NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text NOT NULL,
	"provider" text NOT NULL,
	"linked_account_id" text NOT NULL,
	"provider_transfer_id" text,
	"share_paise" integer NOT NULL,
	"amount_paise" integer NOT NULL,
	"recovered_paise" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"failure" text,
	"settlement_id" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_transfers_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "shop_transfers_provider_transfer_id_unique" UNIQUE("provider_transfer_id"),
	CONSTRAINT "shop_transfers_status_known" CHECK ("shop_transfers"."status" in ('pending', 'processed', 'failed', 'recovered')),
	CONSTRAINT "shop_transfers_amounts" CHECK ("shop_transfers"."amount_paise" >= 0 and "shop_transfers"."recovered_paise" >= 0 and "shop_transfers"."amount_paise" + "shop_transfers"."recovered_paise" = "shop_transfers"."share_paise")
);
--> statement-breakpoint
CREATE TABLE "testpay_events" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"body" text NOT NULL,
	"next_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_linked_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"email" text NOT NULL,
	"business_name" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"product_id" text,
	"beneficiary_name" text,
	"account_number" text,
	"ifsc" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "testpay_linked_accounts_reference_id_unique" UNIQUE("reference_id")
);
--> statement-breakpoint
CREATE TABLE "testpay_reversals" (
	"id" text PRIMARY KEY NOT NULL,
	"transfer_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_settlements" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"utr" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "testpay_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text,
	"recipient" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"amount_reversed_paise" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settlement_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_payout_accounts" ADD CONSTRAINT "shop_payout_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reversals" ADD CONSTRAINT "shop_reversals_transfer_id_shop_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."shop_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_reversals" ADD CONSTRAINT "shop_reversals_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_transfers" ADD CONSTRAINT "shop_transfers_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_reversals" ADD CONSTRAINT "testpay_reversals_transfer_id_testpay_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."testpay_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_settlements" ADD CONSTRAINT "testpay_settlements_account_id_testpay_linked_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."testpay_linked_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_transfers" ADD CONSTRAINT "testpay_transfers_payment_id_testpay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."testpay_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testpay_transfers" ADD CONSTRAINT "testpay_transfers_recipient_testpay_linked_accounts_id_fk" FOREIGN KEY ("recipient") REFERENCES "public"."testpay_linked_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_reversals_transfer_idx" ON "shop_reversals" USING btree ("transfer_id");--> statement-breakpoint
CREATE INDEX "shop_reversals_seller_idx" ON "shop_reversals" USING btree ("seller_id");--> statement-breakpoint
CREATE INDEX "shop_transfers_seller_idx" ON "shop_transfers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "testpay_events_next_idx" ON "testpay_events" USING btree ("next_at");--> statement-breakpoint
CREATE INDEX "testpay_transfers_payment_idx" ON "testpay_transfers" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "testpay_transfers_recipient_idx" ON "testpay_transfers" USING btree ("recipient","settlement_id");