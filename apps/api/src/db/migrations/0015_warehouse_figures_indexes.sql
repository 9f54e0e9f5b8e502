DROP INDEX "user_warehouses_warehouse_idx";--> statement-breakpoint
CREATE INDEX "user_warehouses_warehouse_user_idx" ON "user_warehouses" USING btree ("warehouse_id","user_id");--> statement-breakpoint
CREATE INDEX "users_warehouse_figures_idx" ON "users" USING btree ("id","role","deleted_at","last_login_at");