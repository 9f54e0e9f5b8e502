/*
 * The sign-in feature's entry for the signed-in shell (app/session-gate.tsx): who is signed in, and
 * signing out. Small hooks only: the session gate is in every signed-in page's first load.
 */

export { useMe } from './api/get-me.ts';
export { useSignOut } from './use-sign-out.ts';
