// /unsubscribe: the island hydrates at once, so its buttons work from the first click.
import '@/styles/site.css';
import '@/styles/email-links.css';
import { env } from '@/config/env';
import { UnsubscribePanel } from '@/features/email-links/components/unsubscribe-panel';
import { hydrateIsland } from '@/islands/island';

hydrateIsland('unsubscribe', () => <UnsubscribePanel apiBase={env.apiBase} />);
