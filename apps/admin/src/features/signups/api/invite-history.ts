// A signup's invitation history for its details (Firestore, live: staff may read it; only server code writes it).
import { listenToInviteHistory, type InviteHistoryEntry } from '@silk/data-access/invites';
import { adminServices } from '@/lib/services';

export const watchHistory =
  (email: string) =>
  (onEntries: (entries: InviteHistoryEntry[]) => void, onError: (error: Error) => void): (() => void) =>
    listenToInviteHistory(adminServices(), email, onEntries, onError);
