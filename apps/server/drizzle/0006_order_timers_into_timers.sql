-- Orders' timers move to the one timer table (platform/jobs), kinds prefixed "order.", the order in data.
INSERT INTO "timers" ("id", "kind", "due_at", "data", "attempts", "last_error", "created_at")
SELECT "id", 'order.' || "kind", "due_at", jsonb_build_object('orderId', "order_id"), "attempts", "last_error", "created_at"
FROM "order_timers";--> statement-breakpoint
DROP TABLE "order_timers" CASCADE;
