import { lazy, type ComponentType } from 'react';

export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the component's module; resolves once it can render without suspending. */
  preload: () => Promise<void>;
};

/**
 * React.lazy that can be loaded ahead of its first render. Once loaded it renders at once, where
 * React.lazy still suspends for a moment on its first render.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a later render tries again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload: async () => void (await preload()) });
}
