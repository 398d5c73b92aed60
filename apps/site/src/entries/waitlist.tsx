import '../styles/site.css';
import { startVisitorLookup } from '@silk/data-access/visitor-lookup';
import { env } from '../config/env';
import { ConfirmationText } from '../features/waitlist/components/confirmation-text';
import { FeedbackForm } from '../features/waitlist/components/feedback-form';
import { hydrateIsland } from '../islands/island';

// Started at page load: the feedback write carries the visitor's ip and location too (SPEC §7.6).
void startVisitorLookup(env);

hydrateIsland('confirmation', () => <ConfirmationText />);
hydrateIsland('feedback', () => <FeedbackForm config={env} />);
