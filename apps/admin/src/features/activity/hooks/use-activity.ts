import { ACTIVITY_LOAD_FAILED } from '@silk/schema/messages';
import { useEffect, useState } from 'react';
import { watchActivity, type AuditEntryRow } from '@/features/activity/api/activity';

interface Activity {
  /** null until the first snapshot has arrived. */
  entries: AuditEntryRow[] | null;
  error: string;
}

/** The audit log, newest first, followed live while the tab is open. */
export function useActivity(): Activity {
  const [entries, setEntries] = useState<AuditEntryRow[] | null>(null);
  const [error, setError] = useState('');
  useEffect(
    () =>
      watchActivity(setEntries, (caught) => {
        console.error('The activity log could not be read:', caught);
        setError(ACTIVITY_LOAD_FAILED);
      }),
    [],
  );
  return { entries, error };
}
