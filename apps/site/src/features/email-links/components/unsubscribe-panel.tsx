import { LINK_TOKEN_MISSING } from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { useState } from 'react';
import { erasePage, linkProblemHeading, unsubscribePage } from '@/content/email-links';
import { useLinkAction, type LinkFailure } from '@/features/email-links/hooks/use-link-action';
import { useLinkTokens } from '@/features/email-links/hooks/use-link-tokens';
import { EraseSection } from './erase-section';
import { LinkForm } from './link-form';
import { LinkResult } from './link-result';

export const UNSUBSCRIBE_TITLE_ID = 'unsubscribe-title';

/**
 * /unsubscribe?token=…&erase=…: unsubscribing takes a click (never on load, so a link scanner that
 * prefetches the page unsubscribes no one), then the same button re-subscribes; below, "Delete my
 * data". Once the data is erased, the page says so and nothing else. The button is a form's: a native
 * post of the token the page's server route put in it until the island runs.
 */
export function UnsubscribePanel({ apiBase }: { apiBase: string }) {
  const tokens = useLinkTokens();
  const unsubscribe = useLinkAction(apiBase, 'unsubscribe');
  const resubscribe = useLinkAction(apiBase, 'resubscribe');
  const [unsubscribed, setUnsubscribed] = useState(false);
  const [news, setNews] = useState('');
  const [erased, setErased] = useState(false);

  if (erased) {
    return (
      <LinkResult
        titleId={UNSUBSCRIBE_TITLE_ID}
        eyebrow={erasePage.doneEyebrow}
        heading={erasePage.doneHeading}
        status={erasePage.doneText}
        focus
      />
    );
  }

  const call = unsubscribed ? resubscribe : unsubscribe;
  const pending = call.state.status === 'pending';
  const token = tokens?.token ?? null;
  const failure: LinkFailure | null =
    token === ''
      ? { kind: 'refused', message: LINK_TOKEN_MISSING }
      : call.state.status === 'failed'
        ? call.state.failure
        : null;

  async function toggle() {
    if (!token || pending) return;
    if (!(await call.run(token))) return;
    setNews(unsubscribed ? unsubscribePage.resubscribed : unsubscribePage.unsubscribed);
    setUnsubscribed(!unsubscribed);
  }

  const idleLabel = unsubscribed ? unsubscribePage.resubscribeLabel : unsubscribePage.unsubscribeLabel;
  const pendingLabel = unsubscribed ? unsubscribePage.resubscribingLabel : unsubscribePage.unsubscribingLabel;
  return (
    <>
      {failure?.kind === 'refused' ? (
        <LinkResult
          titleId={UNSUBSCRIBE_TITLE_ID}
          eyebrow={unsubscribePage.eyebrow}
          heading={linkProblemHeading}
          error={failure.message}
          focus
        />
      ) : (
        <LinkResult
          titleId={UNSUBSCRIBE_TITLE_ID}
          eyebrow={unsubscribePage.eyebrow}
          heading={unsubscribePage.heading}
          text={unsubscribePage.intro}
          status={news}
          error={failure?.message}
          busy={pending}
          homeLink={false}
          actions={
            <LinkForm
              apiBase={apiBase}
              action={unsubscribed ? 'resubscribe' : 'unsubscribe'}
              token={token}
              onSubmit={() => void toggle()}
            >
              <Button type="submit" variant={unsubscribed ? 'ghost' : 'primary'} aria-disabled={pending}>
                {pending ? pendingLabel : idleLabel}
              </Button>
            </LinkForm>
          }
        />
      )}
      <EraseSection apiBase={apiBase} eraseToken={tokens?.erase ?? null} onErased={() => setErased(true)} />
    </>
  );
}
