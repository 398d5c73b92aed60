// The /waitlist page's React islands, imported at the visitor's first interaction (entries/waitlist.tsx).
import { env } from '@/config/env';
import { ConfirmationText } from '@/features/waitlist/components/confirmation-text';
import { FeedbackForm } from '@/features/waitlist/components/feedback-form';
import { readSessionEmail } from '@/lib/session-email';
import { hydrateIsland } from '@/islands/island';

hydrateIsland('confirmation', () => <ConfirmationText email={readSessionEmail()} />);
hydrateIsland('feedback', () => <FeedbackForm config={env} />);
