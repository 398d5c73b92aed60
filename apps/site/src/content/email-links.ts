// Words of the pages opened by the links in our e-mails: /confirm ("Confirm my spot") and /unsubscribe
// (unsubscribe, re-subscribe, delete my data). The server's own messages come from @silk/schema/messages.

export const confirmPage = {
  eyebrow: 'Silk waitlist',
  heading: 'Confirm your spot',
  text: 'Confirm your e-mail address to secure your spot on the Silk waitlist.',
  buttonLabel: 'Confirm my spot',
  checkingHeading: 'Confirming your spot…',
  checkingText: 'One moment while we confirm your e-mail address.',
  confirmedEyebrow: 'Confirmed',
  confirmedHeading: 'You’re confirmed',
  confirmedText:
    'Thanks for confirming your e-mail address. Your spot on the Silk waitlist is secured: watch your inbox for your early access link.',
  failedHeading: 'We couldn’t confirm your spot',
  retryLabel: 'Try again',
} as const;

export const unsubscribePage = {
  eyebrow: 'E-mail preferences',
  heading: 'Unsubscribe from Silk e-mails',
  intro:
    'Stop receiving e-mails about the Silk waitlist. Your spot on the waitlist is kept, and you can re-subscribe at any time.',
  unsubscribeLabel: 'Unsubscribe',
  unsubscribingLabel: 'Unsubscribing...',
  unsubscribed: 'You are unsubscribed. We will not send you any more e-mails.',
  resubscribeLabel: 'Re-subscribe',
  resubscribingLabel: 'Re-subscribing...',
  resubscribed: 'Welcome back: you are subscribed to Silk e-mails again.',
  noScript: 'Deleting your data needs JavaScript. The Unsubscribe button works without it.',
} as const;

export const erasePage = {
  heading: 'Delete my data',
  text: 'Remove your waitlist signup, your answers and your address from our mailing list, along with any e-mail still waiting to be sent to you.',
  buttonLabel: 'Delete my data',
  question: 'Delete all your data? Your spot on the waitlist goes too, and this cannot be undone.',
  confirmLabel: 'Yes, delete my data',
  cancelLabel: 'Cancel',
  deletingLabel: 'Deleting...',
  noToken: 'To delete your data, open the “Delete my data” link in one of our e-mails.',
  doneEyebrow: 'Deleted',
  doneHeading: 'Your data has been deleted',
  doneText:
    'We no longer hold your signup, your answers or your address. We keep only an anonymous record that the deletion took place.',
} as const;

/** Heading of a link the server refused (tampered, expired, incomplete, or its data already gone). */
export const linkProblemHeading = 'This link cannot be used';
