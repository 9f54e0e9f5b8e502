/** The id of the rep home's pre-rendered shell (features/dashboard/components/rep-home-shell.tsx). */
export const HOME_SHELL_ID = 'home-shell';

/**
 * Removes the rep home's shell (decision 027), if the first-load page kept one: in the commit that
 * shows the page (app/layout/app-layout.tsx), or as soon as the entry's GET /api/me says the token
 * is stale (main.tsx), so the sign-out is seen as before.
 */
export function removeHomeShell() {
  document.getElementById(HOME_SHELL_ID)?.remove();
}
