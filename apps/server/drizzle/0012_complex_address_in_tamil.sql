ALTER TABLE "complexes" ALTER COLUMN "address" SET DATA TYPE jsonb USING jsonb_build_object('en', "address", 'ta', "address");
