import { useCallback, useEffect, useState } from 'react';
import { fetchTeam, teamLoadFailure, type TeamMember } from '@/features/team/api/team';

export interface Team {
  /** null until the first list has arrived. */
  members: TeamMember[] | null;
  /** Why the last load failed ('' when it did not); the last list stays shown. */
  error: string;
  /** Loads the list again (after a change). */
  refresh: () => void;
}

/** The team as the server lists it, loaded on mount and again at each refresh. */
export function useTeam(): Team {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    fetchTeam().then(
      (list) => {
        if (!active) return;
        setMembers(list);
        setError('');
      },
      (caught: unknown) => {
        if (active) setError(teamLoadFailure(caught));
      },
    );
    return () => {
      active = false;
    };
  }, [version]);

  const refresh = useCallback(() => setVersion((current) => current + 1), []);
  return { members, error, refresh };
}
