/*
 * The pre-rendered login page (first-load/first-load-html.ts) shows a real form before the app's code
 * has arrived, which on a slow phone takes seconds. Without help, a rep who types and taps
 * 'Zaloguj' in that time gets a native GET submit: the page reloads to `/?` and what they typed is
 * gone; and hydration empties what they typed without submitting. A small inline script
 * (EARLY_FORM_SCRIPT) keeps what is typed into fields named by `data-path` (Mantine's form) and
 * holds back a submit until the app takes the form over with takeEarlyForm(). A tap on a button
 * marked `data-early="<name>"` (the forgotten-password link, which opens a dialog) is kept too, and
 * the app answers it when it arrives.
 */

interface EarlyForm {
  values: Record<string, string>;
  submitted: boolean;
  /** The `data-early` name of the last button tapped before the app arrived (the forgotten-password link). */
  tapped: string | null;
  taken: boolean;
}

const GLOBAL = '__earlyForm';

/** The inline script: plain ES5, no dependency; its CSP hash is added to the page by the build. */
export const EARLY_FORM_SCRIPT = `(function(){var s=window.${GLOBAL}={values:{},submitted:false,tapped:null,taken:false};function keep(e){var t=e.target;if(!s.taken&&t&&t.dataset&&t.dataset.path)s.values[t.dataset.path]=t.value}document.addEventListener('input',keep,true);document.addEventListener('change',keep,true);document.addEventListener('submit',function(e){if(s.taken)return;e.preventDefault();s.submitted=true},true);document.addEventListener('click',function(e){var t=e.target&&e.target.closest&&e.target.closest('[data-early]');if(!s.taken&&t)s.tapped=t.getAttribute('data-early')},true)})()`;

/**
 * Takes over what the inline script kept (once; null when the page was not pre-rendered or was
 * taken already): the values typed so far, by field, and whether a submit was asked for.
 */
export function takeEarlyForm(): { values: Record<string, string>; submitted: boolean; tapped: string | null } | null {
  const early = (window as unknown as Record<string, EarlyForm | undefined>)[GLOBAL];
  if (!early || early.taken) return null;
  early.taken = true;
  const taken = { values: early.values, submitted: early.submitted, tapped: early.tapped ?? null };
  early.values = {};
  return taken;
}
