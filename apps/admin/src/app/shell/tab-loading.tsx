import { LOADING } from '@silk/schema/messages';
import { Spinner } from '@silk/ui/spinner';

/** A tab whose code is still on its way (opened before the background preload reached it). */
export function TabLoading() {
  return (
    <p role="status" className="tab-loading">
      <Spinner /> {LOADING}
    </p>
  );
}
