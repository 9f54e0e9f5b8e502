-- pl_sort_key(text): the key the lists sort names, surnames, e-mails and warehouse names and
-- addresses by, byte by byte (collation "C"), in the Polish alphabet: a ą b c ć d e ę f g h i j k l ł
-- m n ń o ó p q r s ś t u v w x y z ź ż, ignoring case. PGlite has no Polish collation (its ICU
-- carries the root locale only), so PostgreSQL and PGlite both sort by this key
-- (docs/decisions/017-polish-sort-order.md).
-- 1. translate: Polish capitals become small letters; other Latin letters with a diacritic
--    (é, ü, š, ñ, …) become their base letter, as they sort in Polish.
-- 2. lower under "C" turns A-Z into a-z and nothing else, whatever the database's locale.
-- 3. replace: a Polish letter with a diacritic becomes its base letter followed by itself
--    ("ł" → "lł"), so it sorts after every word of its base letter ("lz" < "lł", as "z" < "ł")
--    and before the next letter ("lł" < "m").
-- Anything else (digits, spaces, punctuation, other scripts) sorts by its code point.
CREATE FUNCTION pl_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN replace(replace(replace(replace(replace(replace(replace(replace(replace(lower(translate(t,
    'ĄĆĘŁŃÓŚŹŻÀÁÂÃÄÅĀĂàáâãäåāăÇČçčĎĐďđÈÉÊËĒĖĚèéêëēėěĞğÌÍÎÏĪĮİìíîïīįıĹĽĺľÑŇñňÒÔÕÖØŌŐòôõöøōőŔŘŕřŠŞšşŢŤţťÙÚÛÜŪŮŰŲùúûüūůűųÝŸýÿŽž',
    'ąćęłńóśźżaaaaaaaaaaaaaaaaccccddddeeeeeeeeeeeeeeggiiiiiiiiiiiiiillllnnnnoooooooooooooorrrrssssttttuuuuuuuuuuuuuuuuyyyyzz') COLLATE "C"),
  'ą', 'aą'),
  'ć', 'cć'),
  'ę', 'eę'),
  'ł', 'lł'),
  'ń', 'nń'),
  'ó', 'oó'),
  'ś', 'sś'),
  'ź', 'zź'),
  'ż', 'zż');--> statement-breakpoint
DROP INDEX "users_sort_name_idx";--> statement-breakpoint
DROP INDEX "users_sort_surname_idx";--> statement-breakpoint
DROP INDEX "users_sort_email_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("users"."name")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "surname_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key(coalesce("users"."surname", ''))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("users"."email")) STORED;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "name_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("warehouses"."name")) STORED;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "address_key" text COLLATE "C" GENERATED ALWAYS AS (pl_sort_key("warehouses"."address")) STORED;--> statement-breakpoint
CREATE INDEX "users_sort_name_idx" ON "users" USING btree ("role","name_key","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_surname_idx" ON "users" USING btree ("role","surname_key","id") WHERE "users"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "users_sort_email_idx" ON "users" USING btree ("role","email_key","id") WHERE "users"."deleted_at" is null;