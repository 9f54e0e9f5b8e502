// No zod here: the rep's article pages and the home carousel read these, and zod stays out of a phone's first download.

export const ARTICLE_LIMITS = {
  title: 200,
  lead: 1_000,
  /** SPEC.md sections 5 and 9: content (HTML, before sanitizing) is at most 5 MB, counted in UTF-8 bytes. */
  contentBytes: 5 * 1024 * 1024,
  videoUrl: 500,
} as const;

/** Rep lists show 4 articles per page (SPEC.md section 9). */
export const REP_ARTICLE_PAGE_SIZE = 4;

/** The rep home carousel loads up to 100 articles (SPEC.md section 9). */
export const CAROUSEL_ARTICLES = 100;

/**
 * Where an article stands for its managers: a draft (no publication date), scheduled (published
 * from a future date), published (reps see it), or deleted (hidden from reps, kept in the history).
 */
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published', 'deleted'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];
