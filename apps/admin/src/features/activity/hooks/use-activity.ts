import { ACTIVITY_LOAD_FAILED } from '@silk/schema/messages';
import { useEffect, useState } from 'react';
import { watchActivity, watchSecurityEvents, type AuditEntryRow } from '@/features/activity/api/activity';

interface Activity {
  /** null until the first snapshot has arrived. */
  entries: AuditEntryRow[] | null;
  /** The security log's events of the last 24 hours; null until known (or when they cannot be read). */
  securityEvents: number | null;
  error: string;
}

/** The audit log, newest first, and the security events' count, followed live while the tab is open. */
export function useActivity(): Activity {
  const [entries, setEntries] = useState<AuditEntryRow[] | null>(null);
  const [securityEvents, setSecurityEvents] = useState<number | null>(null);
  const [error, setError] = useState('');
  useEffect(
    () =>
      watchActivity(setEntries, (caught) => {
        console.error('The activity log could not be read:', caught);
        setError(ACTIVITY_LOAD_FAILED);
      }),
    [],
  );
  useEffect(
    () =>
      // The count is a note beside the log: without it the log still shows.
      watchSecurityEvents(setSecurityEvents, (caught) => {
        console.error('The security events could not be counted:', caught);
        setSecurityEvents(null);
      }),
    [],
  );
  return { entries, securityEvents, error };
}
