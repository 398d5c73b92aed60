// /confirm: the island hydrates at once (it confirms on load; there is nothing to wait for).
import '@/styles/site.css';
import '@/styles/email-links.css';
import { env } from '@/config/env';
import { ConfirmSubscription } from '@/features/email-links/components/confirm-subscription';
import { hydrateIsland } from '@/islands/island';

hydrateIsland('confirm', () => <ConfirmSubscription apiBase={env.apiBase} />);
