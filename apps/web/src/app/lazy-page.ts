import { type ComponentType, lazy } from 'react';

/**
 * A page or layout in its own chunk (React.lazy), with a preload: the router starts the chunks of
 * every layer a URL needs at once (app/router.tsx), so the nested layers do not load one by one.
 */
export function lazyPage(load: () => Promise<ComponentType>) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => {
    loading ??= load().then((component) => ({ default: component }));
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}
