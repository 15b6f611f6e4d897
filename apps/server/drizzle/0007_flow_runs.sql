CREATE TABLE "flow_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"flow" text NOT NULL,
	"undo" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"pivoted" boolean DEFAULT false NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_outbox" ADD COLUMN "flow_run_id" text;--> statement-breakpoint
CREATE INDEX "flow_runs_lease_idx" ON "flow_runs" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "event_outbox_flow_run_idx" ON "event_outbox" USING btree ("flow_run_id");