import { ApiError } from '@silk/data-access/api-client';
import { followEmailLink, type LinkAction } from '@silk/data-access/subscription';
import { LINK_ACTION_FAILED } from '@silk/schema/messages';
import { useCallback, useRef, useState } from 'react';

/**
 * Why a link's call failed: `refused` — the server turned the link down (incomplete, tampered, expired,
 * of another purpose, or its subscriber erased): trying again cannot help; `retry` — anything else (rate
 * limit, no answer), with the button left to try again.
 */
export interface LinkFailure {
  kind: 'refused' | 'retry';
  message: string;
}

const REFUSED_STATUSES = [400, 401, 404];

function serverMessage(body: unknown): string | null {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' && error.trim() !== '' ? error : null;
}

export function linkFailure(error: unknown): LinkFailure {
  if (error instanceof ApiError) {
    const message = serverMessage(error.body);
    if (message) return { kind: REFUSED_STATUSES.includes(error.status) ? 'refused' : 'retry', message };
  }
  return { kind: 'retry', message: LINK_ACTION_FAILED };
}

export type LinkActionState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'done' }
  | { status: 'failed'; failure: LinkFailure };

/** One of the link calls: its state, and `run`, which ignores a call while one is under way. */
export function useLinkAction(apiBase: string, action: LinkAction) {
  const [state, setState] = useState<LinkActionState>({ status: 'idle' });
  const busy = useRef(false);
  const run = useCallback(
    async (token: string): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setState({ status: 'pending' });
      try {
        await followEmailLink(apiBase, action, token);
        setState({ status: 'done' });
        return true;
      } catch (error) {
        setState({ status: 'failed', failure: linkFailure(error) });
        return false;
      } finally {
        busy.current = false;
      }
    },
    [apiBase, action],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  return { state, run, reset };
}
