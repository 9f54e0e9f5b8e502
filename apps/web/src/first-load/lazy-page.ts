import { type ComponentType, lazy } from 'react';

/**
 * A page or layout in its own chunk (React.lazy), with a preload: the router starts the chunks of
 * every layer a URL needs at once (app/router.tsx), so the nested layers do not load one by one.
 */
export function lazyPage<P extends object = object>(load: () => Promise<ComponentType<P>>) {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
