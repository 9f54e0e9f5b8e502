-- A rep's own profile: address and tax data for the year-end tax report (issue 30 point 2,
-- docs/decisions/059), in a table of its own so that no query of users carries a PESEL; and the
-- programme rule that a withdrawal needs that data.
CREATE TABLE "rep_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"pesel" text,
	"tax_office_code" text,
	"street" text,
	"postcode" text,
	"city" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rep_profiles_pesel_check" CHECK ("rep_profiles"."pesel" ~ '^[0-9]{11}$'),
	CONSTRAINT "rep_profiles_tax_office_check" CHECK ("rep_profiles"."tax_office_code" ~ '^[0-9]{4}$'),
	CONSTRAINT "rep_profiles_postcode_check" CHECK ("rep_profiles"."postcode" ~ '^[0-9]{2}-[0-9]{3}$'),
	CONSTRAINT "rep_profiles_street_check" CHECK (length("rep_profiles"."street") between 1 and 200),
	CONSTRAINT "rep_profiles_city_check" CHECK (length("rep_profiles"."city") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "programme_settings" ADD COLUMN "withdrawal_needs_tax_data" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rep_profiles" ADD CONSTRAINT "rep_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;