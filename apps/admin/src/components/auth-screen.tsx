import { Card } from '@silk/ui/card';
import type { ReactNode } from 'react';

/** A screen with one card in the middle (the h1), as before the panel opens. */
export function AuthScreen({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <main className="auth-screen">
      <Card heading={heading} headingLevel={1} className="auth-card">
        {children}
      </Card>
    </main>
  );
}
