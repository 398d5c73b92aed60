import { useEffect, useState } from 'react';
import { preloadTabs } from '@/app/tabs';

/** True once every tab's module has loaded (or failed to: the tab then loads when it is opened). */
export function useTabsPreloaded(): boolean {
  const [preloaded, setPreloaded] = useState(false);
  useEffect(() => {
    let active = true;
    preloadTabs()
      .catch((error: unknown) => console.error('Loading the panel tabs failed', error))
      .finally(() => {
        if (active) setPreloaded(true);
      });
    return () => {
      active = false;
    };
  }, []);
  return preloaded;
}
