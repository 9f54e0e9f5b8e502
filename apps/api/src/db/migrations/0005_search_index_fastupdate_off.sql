DROP INDEX "users_search_trgm_idx";--> statement-breakpoint
DROP INDEX "warehouses_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower("name" || ' ' || coalesce("surname", '') || ' ' || "email" || ' ' || coalesce("asseco_id", '') || ' ' || coalesce("card_number", ''))) gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "warehouses_search_trgm_idx" ON "warehouses" USING gin ((lower("asseco_id" || ' ' || "name" || ' ' || "address")) gin_trgm_ops) WITH (fastupdate=false);