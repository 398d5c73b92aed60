import { INVITE_SLOT } from '@silk/schema/constants';
import { SubpageLayout } from '@/components/subpage-layout';

/**
 * The invitation page's shell (/invite-shell, not indexed): the site's frame around an empty slot. The
 * invitePage function serves it at /invite?code=… with the slot filled (the invitation's state and its
 * native forms); entries/invite.ts only brings the styles.
 */
export function InvitePage() {
  return (
    <SubpageLayout className="link-page status-page invite-page">
      <div dangerouslySetInnerHTML={{ __html: INVITE_SLOT }} />
    </SubpageLayout>
  );
}
