type Validate<V> = (values: V) => Record<string, string>;

/**
 * A form validator whose code (zod and the contract's schema) is fetched on first use instead of
 * before the page's first paint. `prefetch` (on the form's first focus) starts the download while
 * the user types; `ready` is awaited before a submit so the check always runs; until then and if the
 * download fails, `validate` passes everything and the server's answer (same messages) decides.
 */
export function lazyValidator<V>(load: () => Promise<Validate<V>>) {
  let loaded: Validate<V> | undefined;
  let loading: Promise<void> | undefined;
  const ready = (): Promise<void> => {
    loading ??= load().then(
      (fn) => {
        loaded = fn;
      },
      () => {
        loading = undefined;
      },
    );
    return loading;
  };
  return {
    prefetch: () => void ready(),
    ready,
    validate: (values: V) => loaded?.(values) ?? {},
  };
}
