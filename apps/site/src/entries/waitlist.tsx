import '@/styles/site.css';
import { env } from '@/config/env';
import { startVisitorLookupSoon } from '@/lib/visitor-lookup';
import { onFirstInteraction } from '@/islands/first-interaction';

startVisitorLookupSoon(env);
onFirstInteraction(() => void import('./waitlist-islands'));
