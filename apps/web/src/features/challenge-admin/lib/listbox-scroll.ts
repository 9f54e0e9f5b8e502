/**
 * A long option list that scrolls on the listbox itself rather than in a scroll area inside it: the
 * options are not focusable (the input keeps focus), and a combobox's own popup is what assistive
 * technology and axe (scrollable-region-focusable) expect to scroll.
 */
export const LISTBOX_SCROLL = {
  withScrollArea: false,
  styles: { options: { maxHeight: 280, overflowY: 'auto' } },
} as const;
