import { type CSSVariablesResolver, createTheme, type MantineColorsTuple, Notification } from '@mantine/core';

/*
 * Mantine's green with its two darkest shades darker: green.8 (#2f9e44) is 3.4:1 on white and the
 * light variant (green.9 on green.1, badges) 3.8:1; these keep the look at 6.1:1 and 6.8:1 (WCAG AA).
 * Spelled out: importing DEFAULT_THEME would split the entry into more chunks.
 */
const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#69db7c',
  '#51cf66',
  '#40c057',
  '#37b24d',
  '#237032',
  '#1b5e28',
];

/*
 * Every Select, MultiSelect and Autocomplete list scrolls on the listbox itself, not in a ScrollArea
 * inside it: the options never take focus (the input keeps it), and axe (scrollable-region-focusable,
 * serious) exempts a combobox's own popup but not a scrolling box within it.
 */
const LISTBOX_SCROLL = {
  defaultProps: { withScrollArea: false },
  styles: { options: { maxHeight: '17.5rem', overflowY: 'auto' } },
};

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on primary buttons above WCAG AA contrast.
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  colors: { green },
  components: {
    // A toast's text under its title is gray.6 by default (3.3:1); the accessible dimmed grey instead.
    Notification: Notification.extend({ styles: { description: { color: 'var(--mantine-color-dimmed)' } } }),
    // Plain objects, not Select.extend(…): importing the components here would put them in the entry.
    Select: LISTBOX_SCROLL,
    MultiSelect: LISTBOX_SCROLL,
    Autocomplete: LISTBOX_SCROLL,
    /*
     * A list's 'nothing found' (or 'loading') line sits inside role="listbox", where only options may
     * (axe aria-required-children, critical). It is a disabled option, as GOV.UK's accessible
     * autocomplete renders its 'No results found'; arrow keys skip it (Mantine moves between
     * [data-combobox-option] elements only).
     */
    ComboboxEmpty: { defaultProps: { role: 'option', 'aria-disabled': true } },
  },
});

/**
 * WCAG AA text contrast (4.5:1), which Mantine's light defaults miss:
 * - `dimmed` (gray.6, #868e96: 3.3:1 on white) is used for subtitles, input descriptions, table totals
 *   and stat labels; this grey keeps the muted look at 5.4:1 on white and at least 4.5:1 on the light
 *   grey and blue backgrounds (gray.0–2, blue.0);
 * - `error` (red.6: 3.3:1) colours field messages and invalid inputs; red.9 is 5.5:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#646b72', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});
