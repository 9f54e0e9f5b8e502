// No zod here: the tables of a rep's pages read these, and zod stays out of a phone's first download.
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
