import { NO_ACCESS_TITLE, noAccess } from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';

interface NoAccessCardProps {
  email: string;
  onSignOut: () => void;
}

/** A signed-in account that is not (or no longer) a member: what happened, and a way out. */
export function NoAccessCard({ email, onSignOut }: NoAccessCardProps) {
  return (
    <main className="auth-screen">
      <Card heading={NO_ACCESS_TITLE} headingLevel={1} className="auth-card">
        <p className="card-text" role="alert">
          {noAccess(email)}
        </p>
        <Button type="button" onClick={onSignOut}>
          Sign out
        </Button>
      </Card>
    </main>
  );
}
