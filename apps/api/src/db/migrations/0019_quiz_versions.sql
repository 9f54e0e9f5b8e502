-- Quiz versions (docs/decisions/043). A quiz's questions belong to a version; a version that has been
-- live never changes again (past attempts point at its rows). quizzes.live_version is what reps see,
-- take and are graded on; quizzes.draft_version is what the editor edits. Editing a live quiz writes
-- a new version next to the live one (and the content fields into draft_content); saving the summary
-- makes it live in the same transaction. quiz_versions keeps each live version's grading rules, so
-- an attempt answered on an older version is graded on the rules it was shown with.
ALTER TABLE "quizzes" ADD COLUMN "live_version" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "draft_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "draft_content" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
DROP INDEX "quiz_questions_quiz_idx";--> statement-breakpoint
CREATE INDEX "quiz_questions_version_idx" ON "quiz_questions" USING btree ("quiz_id","version","position");--> statement-breakpoint
CREATE TABLE "quiz_versions" (
	"quiz_id" integer NOT NULL,
	"version" integer NOT NULL,
	"correct_answers" integer NOT NULL,
	"is_survey" boolean NOT NULL,
	"questions_count" integer NOT NULL,
	"activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_versions_quiz_id_version_pk" PRIMARY KEY("quiz_id","version"),
	CONSTRAINT "quiz_versions_correct_answers_check" CHECK ("quiz_versions"."correct_answers" >= 0)
);--> statement-breakpoint
ALTER TABLE "quiz_versions" ADD CONSTRAINT "quiz_versions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every quiz that was ever live (active now, or answered before an old edit deactivated it) has version 1 live.
UPDATE "quizzes" SET "live_version" = 1 WHERE "is_active" OR EXISTS (SELECT 1 FROM "quiz_attempts" a WHERE a."quiz_id" = "quizzes"."id");--> statement-breakpoint
INSERT INTO "quiz_versions" ("quiz_id", "version", "correct_answers", "is_survey", "questions_count")
SELECT q."id", 1, q."correct_answers", q."is_survey",
  (SELECT count(*) FROM "quiz_questions" x WHERE x."quiz_id" = q."id" AND x."deleted_at" IS NULL)
FROM "quizzes" q WHERE q."live_version" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_versions_check" CHECK ("quizzes"."live_version" IS NULL OR "quizzes"."draft_version" >= "quizzes"."live_version");--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_active_live_check" CHECK (NOT "quizzes"."is_active" OR "quizzes"."live_version" IS NOT NULL);
