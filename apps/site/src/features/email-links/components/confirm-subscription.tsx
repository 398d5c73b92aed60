import { LINK_TOKEN_MISSING } from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { useEffect, useRef } from 'react';
import { confirmPage, linkProblemHeading } from '@/content/email-links';
import { useLinkAction, type LinkFailure } from '@/features/email-links/hooks/use-link-action';
import { useLinkTokens } from '@/features/email-links/hooks/use-link-tokens';
import { LinkForm } from './link-form';
import { LinkResult, type LinkResultProps } from './link-result';

export const CONFIRM_TITLE_ID = 'confirm-title';

/**
 * /confirm?token=…, the "Confirm my spot" link: confirms the address as soon as the page runs (the link
 * only records a confirmation, which is what a prefetching scanner would do too), then shows the outcome.
 * The prerendered HTML, which knows no token, offers the "Confirm my spot" form, a native post of the
 * token the page's server route put in it: the way to confirm before and without a script.
 */
export function ConfirmSubscription({ apiBase }: { apiBase: string }) {
  const tokens = useLinkTokens();
  const { state, run } = useLinkAction(apiBase, 'confirmSubscription');
  const started = useRef(false);
  const token = tokens?.token ?? null;

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void run(token);
  }, [token, run]);

  const failure: LinkFailure | null =
    token === ''
      ? { kind: 'refused', message: LINK_TOKEN_MISSING }
      : state.status === 'failed'
        ? state.failure
        : null;

  let view: Omit<LinkResultProps, 'titleId'>;
  if (failure) {
    view = {
      eyebrow: confirmPage.eyebrow,
      heading: failure.kind === 'refused' ? linkProblemHeading : confirmPage.failedHeading,
      error: failure.message,
      focus: true,
      actions:
        failure.kind === 'retry' && token ? (
          <Button type="button" variant="primary" onClick={() => void run(token)}>
            {confirmPage.retryLabel}
          </Button>
        ) : undefined,
    };
  } else if (state.status === 'done') {
    view = {
      eyebrow: confirmPage.confirmedEyebrow,
      heading: confirmPage.confirmedHeading,
      status: confirmPage.confirmedText,
      focus: true,
    };
  } else if (tokens === null) {
    view = {
      eyebrow: confirmPage.eyebrow,
      heading: confirmPage.heading,
      text: confirmPage.text,
      homeLink: false,
      // Shown only until the island knows the token; from then on it confirms by itself.
      actions: (
        <LinkForm apiBase={apiBase} action="confirmSubscription" token={null} onSubmit={() => undefined}>
          <Button type="submit" variant="primary">
            {confirmPage.buttonLabel}
          </Button>
        </LinkForm>
      ),
    };
  } else {
    view = {
      eyebrow: confirmPage.eyebrow,
      heading: confirmPage.checkingHeading,
      status: confirmPage.checkingText,
      busy: true,
      homeLink: false,
    };
  }
  return <LinkResult titleId={CONFIRM_TITLE_ID} {...view} />;
}
