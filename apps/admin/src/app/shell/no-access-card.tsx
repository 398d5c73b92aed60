import { NO_ACCESS_TITLE, noAccess } from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { AuthScreen } from '@/components/auth-screen';

interface NoAccessCardProps {
  email: string;
  onSignOut: () => void;
}

/** A signed-in account that is not (or no longer) a member: what happened, and a way out. */
export function NoAccessCard({ email, onSignOut }: NoAccessCardProps) {
  return (
    <AuthScreen heading={NO_ACCESS_TITLE}>
      <p className="card-text" role="alert">
        {noAccess(email)}
      </p>
      <Button type="button" onClick={onSignOut}>
        Sign out
      </Button>
    </AuthScreen>
  );
}
