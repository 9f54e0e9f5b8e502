/**
 * The home carousel's height in px, heading row included: the rep home reserves it before the lazy
 * carousel chunk and its articles arrive, and the carousel keeps exactly it (no layout shift).
 */
export const CAROUSEL_HEIGHT = 400;
/** The slide's image box; the text below it has a fixed number of lines. */
export const CAROUSEL_IMAGE_HEIGHT = 200;
