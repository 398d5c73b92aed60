import '../styles/site.css';
import { env } from '../config/env';
import { startVisitorLookupSoon } from '../lib/visitor-lookup';
import { ConfirmationText } from '../features/waitlist/components/confirmation-text';
import { FeedbackForm } from '../features/waitlist/components/feedback-form';
import { hydrateIsland } from '../islands/island';

startVisitorLookupSoon(env);

hydrateIsland('confirmation', () => <ConfirmationText />);
hydrateIsland('feedback', () => <FeedbackForm config={env} />);
