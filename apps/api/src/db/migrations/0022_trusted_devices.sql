-- Keys shared by every API process (docs/decisions/048): the one named 'device' signs the cookie
-- that marks a browser as having signed in to an account before.
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
