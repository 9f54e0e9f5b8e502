CREATE UNIQUE INDEX "users_asseco_id_key" ON "users" USING btree (lower("asseco_id")) WHERE "users"."deleted_at" is null and "users"."asseco_id" is not null;--> statement-breakpoint
CREATE INDEX "users_active_role_idx" ON "users" USING btree ("role","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_asseco_id_idx" ON "users" USING btree ("role",coalesce("asseco_id", ''),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ("role","name","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_surname_idx" ON "users" USING btree ("role",coalesce("surname", ''),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_email_idx" ON "users" USING btree ("role",lower("email"),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_card_idx" ON "users" USING btree ("role",right(coalesce("card_number", ''), 4),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_active_idx" ON "users" USING btree ("role",("last_login_at" is not null),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_complete_profile_idx" ON "users" USING btree ("role",(btrim("name") <> '' and btrim(coalesce("surname", '')) <> '' and btrim("email") <> '' and btrim(coalesce("asseco_id", '')) <> ''),"id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_last_login_at_idx" ON "users" USING btree ("role",coalesce("last_login_at", '-infinity'::timestamptz),"id") WHERE "users"."deleted_at" is null;