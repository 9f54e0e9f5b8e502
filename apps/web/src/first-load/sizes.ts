/**
 * The home carousel's height in px, heading row included: the rep home reserves it before the lazy
 * carousel chunk and its articles arrive, and the carousel keeps exactly it (no layout shift).
 */
export const CAROUSEL_HEIGHT = 400;
/** The slide's image box; the text below it has a fixed number of lines. */
export const CAROUSEL_IMAGE_HEIGHT = 200;
/**
 * The home's challenge box height in px by breakpoint (Mantine's style-prop form): the rep home
 * reserves it before the box's lazy chunk and its data arrive, and the box keeps exactly it, its
 * texts cut to fixed lines (no layout shift, CLS 0).
 */
export const CHALLENGE_BOX_HEIGHTS = { base: 300, md: 212 } as const;
