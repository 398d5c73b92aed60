import { STATUS_SLOT } from '@silk/schema/constants';
import { SubpageLayout } from '@/components/subpage-layout';

/**
 * The private status page's shell (/status-shell, not indexed): the site's frame around an empty slot.
 * The statusPage function serves it at /status?token=… with the slot filled (the subscriber's numbers,
 * or the form for a fresh link); entries/status.ts only reveals the copy and share buttons.
 */
export function StatusPage() {
  return (
    <SubpageLayout className="link-page status-page">
      <div dangerouslySetInnerHTML={{ __html: STATUS_SLOT }} />
    </SubpageLayout>
  );
}
