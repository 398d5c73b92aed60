// Words of the waitlist confirmation page and its optional feedback form (PRODUCT.md#waitlist).
import type { FeedbackField } from '@silk/schema/entities';

export const confirmation = {
  eyebrow: 'You are on the list',
  personalHeading: 'Your spot is secured',
  /** Personalised copy: {email} is replaced with the signed-up address. */
  personalText: (email: string) =>
    `We have secured a spot on the Silk waitlist for ${email}. Watch your inbox for updates and for your early access link.`,
  genericHeading: 'Welcome to the Silk waitlist',
  genericText:
    'Waitlist members get early access to Silk in small waves. Watch your inbox for updates and for your early access link.',
} as const;

export const feedbackForm = {
  heading: 'Help us shape Silk',
  optionalNote: 'This form is entirely optional. Every question can be left blank.',
  submitLabel: 'Send my answers',
  thankYouHeading: 'Thank You',
  thankYouText: 'Your answers help us build the travel planner you want. We will be in touch soon.',
} as const;

export interface FeedbackFieldCopy {
  label: string;
  hint?: string;
  placeholder?: string;
}

/** Each feedback question's words (its field, input and choices: `@silk/schema/signup-fields`). */
export const feedbackFields: Record<FeedbackField, FeedbackFieldCopy> = {
  travelFrequency: { label: 'How often do you travel?', placeholder: 'Choose one (optional)' },
  biggestFrustration: {
    label: 'What frustrates you most when planning a trip?',
    placeholder: 'Endless tabs, prices, coordinating with friends…',
  },
  workEmail: { label: 'Work e-mail (for team travel)', placeholder: 'you@company.com' },
  contentCreator: { label: 'Do you create travel content?' },
  excitedFeatures: { label: 'Which features excite you most?' },
  suggestionsFeedback: {
    label: 'Suggestions or feedback',
    placeholder: 'Anything you would love Silk to do?',
  },
  socialMedia: { label: 'Your social media handle', placeholder: '@yourhandle' },
};
