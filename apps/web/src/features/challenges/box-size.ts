/**
 * The home's challenge box height in px by breakpoint (Mantine's style-prop form): the rep home
 * reserves it before the box's lazy chunk and its data arrive, and the box keeps exactly it, its
 * texts cut to fixed lines (no layout shift, CLS 0).
 */
export const CHALLENGE_BOX_HEIGHTS = { base: 300, md: 212 } as const;
