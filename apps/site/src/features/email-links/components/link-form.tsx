import { apiUrl } from '@silk/data-access/api-client';
import type { LinkAction } from '@silk/data-access/subscription';
import { API_ROUTES } from '@silk/schema/api-routes';
import { LINK_TOKEN_SLOT } from '@silk/schema/constants';
import type { FormEvent, ReactNode } from 'react';

interface LinkFormProps {
  apiBase: string;
  action: LinkAction;
  /** The link's token; null in the prerendered shell, whose slot the page's server route fills in. */
  token: string | null;
  /** The hydrated island's call, in place of the native post. */
  onSubmit: () => void;
  children: ReactNode;
}

/** A link's action as a native form post (before and without a script), taken over by the island once it runs. */
export function LinkForm({ apiBase, action, token, onSubmit, children }: LinkFormProps) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form
      className="link-form"
      method="post"
      action={apiUrl(apiBase, API_ROUTES[action].path)}
      onSubmit={submit}
    >
      <input type="hidden" name="token" value={token ?? LINK_TOKEN_SLOT} />
      {children}
    </form>
  );
}
