CREATE TABLE "money_checks" (
	"id" text PRIMARY KEY NOT NULL,
	"rule" text NOT NULL,
	"subject" text NOT NULL,
	"seller_id" text,
	"order_id" text,
	"expected_paise" integer NOT NULL,
	"actual_paise" integer NOT NULL,
	"detail" text NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"cleared_by" text,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "money_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"scope" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"memo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "money_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"scope" text NOT NULL,
	"account" text NOT NULL,
	"seller_id" text,
	"order_id" text,
	"payment_id" text,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_lines_not_zero" CHECK ("money_lines"."amount_paise" <> 0)
);
--> statement-breakpoint
ALTER TABLE "shop_payout_accounts" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timers" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "timers" ADD COLUMN "rearmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "money_lines" ADD CONSTRAINT "money_lines_entry_id_money_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."money_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_checks_rule_subject_idx" ON "money_checks" USING btree ("rule","subject");--> statement-breakpoint
CREATE INDEX "money_checks_open_idx" ON "money_checks" USING btree ("cleared_at");--> statement-breakpoint
CREATE INDEX "money_lines_scope_idx" ON "money_lines" USING btree ("scope","account");--> statement-breakpoint
CREATE INDEX "money_lines_seller_idx" ON "money_lines" USING btree ("seller_id","account");--> statement-breakpoint
CREATE INDEX "money_lines_order_idx" ON "money_lines" USING btree ("order_id");--> statement-breakpoint
-- The journal's rules, kept by the database itself (docs/payments.md#the-money-journal): at commit,
-- every entry has at least two lines and its lines add up to zero; neither table takes an UPDATE or
-- a DELETE (a correction is a new entry).
CREATE OR REPLACE FUNCTION money_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry text := to_jsonb(NEW) ->> TG_ARGV[0];
  total bigint;
  lines integer;
BEGIN
  SELECT coalesce(sum(amount_paise), 0), count(*) INTO total, lines FROM money_lines WHERE entry_id = entry;
  IF lines < 2 OR total <> 0 THEN
    RAISE EXCEPTION 'money entry % does not balance: % lines adding up to % paise', entry, lines, total
      USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "money_entries_balanced" AFTER INSERT ON "money_entries" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION money_entry_balanced('id');--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "money_lines_balanced" AFTER INSERT ON "money_lines" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION money_entry_balanced('entry_id');--> statement-breakpoint
CREATE OR REPLACE FUNCTION money_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the money journal is append-only: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = '42501';
END
$$;--> statement-breakpoint
CREATE TRIGGER "money_entries_append_only" BEFORE UPDATE OR DELETE ON "money_entries" FOR EACH ROW EXECUTE FUNCTION money_append_only();--> statement-breakpoint
CREATE TRIGGER "money_lines_append_only" BEFORE UPDATE OR DELETE ON "money_lines" FOR EACH ROW EXECUTE FUNCTION money_append_only();
