-- Issue 31 point 3 (decision 068): the programme's figures of the months, weeks and days that are over, kept once.
CREATE TABLE "programme_buckets" (
	"bucket" text NOT NULL,
	"starts" date NOT NULL,
	"signins" integer NOT NULL,
	"signin_reps" integer NOT NULL,
	"attempts" integer NOT NULL,
	"quiz_reps" integer NOT NULL,
	"passed" integer NOT NULL,
	"graded" integer NOT NULL,
	"quiz" bigint NOT NULL,
	"survey" bigint NOT NULL,
	"challenge" bigint NOT NULL,
	"corrections" bigint NOT NULL,
	"withdrawn" bigint NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programme_buckets_bucket_starts_pk" PRIMARY KEY("bucket","starts"),
	CONSTRAINT "programme_buckets_bucket_check" CHECK ("programme_buckets"."bucket" in ('month', 'week', 'day'))
);
