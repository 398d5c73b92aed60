import type { ReactNode } from 'react';
import { SubpageLayout } from '@/components/subpage-layout';
import { Island } from '@/islands/island';

/**
 * The frame of a page that an e-mail link opens: rendered at build time, its island hydrated as soon
 * as the page's script arrives, and a note for visitors without JavaScript (what still needs it).
 */
export function EmailLinkPage({
  island,
  noScript,
  children,
}: {
  island: string;
  noScript?: string;
  children: ReactNode;
}) {
  return (
    <SubpageLayout className="link-page">
      <Island name={island}>{children}</Island>
      {noScript ? (
        <noscript>
          <p className="link-message link-message--error">{noScript}</p>
        </noscript>
      ) : null}
    </SubpageLayout>
  );
}
