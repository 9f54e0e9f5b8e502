/**
 * A start-up failure the operator fixes, not a bug: the server prints its message (one line that
 * names the setting and the fix) and exits with 1, without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
