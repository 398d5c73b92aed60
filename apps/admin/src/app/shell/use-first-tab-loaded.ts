import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { preloadOtherTabs, tabAt } from '@/app/tabs';

/**
 * True once the module of the tab the panel opens on has loaded (or failed to: it then loads when
 * rendered), so the first screen never waits on the other tabs' code; those load in the background next.
 */
export function useFirstTabLoaded(): boolean {
  const { pathname } = useLocation();
  const [first] = useState(() => tabAt(pathname));
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let active = true;
    first.Component.preload()
      .catch((error: unknown) => console.error('Loading the panel tab failed', error))
      .finally(() => {
        if (active) setLoaded(true);
        preloadOtherTabs(first).catch((error: unknown) =>
          console.warn('Preloading the panel tabs failed', error),
        );
      });
    return () => {
      active = false;
    };
  }, [first]);
  return loaded;
}
