// How the native forms of the /confirm and /unsubscribe pages are answered (a browser without a script,
// or one whose page has not hydrated yet): a small page with the outcome; a refusal is one too. The page
// of an unsubscribe offers re-subscribing with the same token.
import { API_ROUTES } from '@silk/schema/api-routes';
import type { FormAnswers } from '../http/endpoint';
import { escapeHtml, messagePage, refuseWithPage, sendHtmlPage } from '../http/html-page';

function formPage(heading: string, detail: string, moreHtml = ''): FormAnswers['accepted'] {
  return (res) => sendHtmlPage(res, 200, messagePage(heading, detail, moreHtml));
}

function resubscribeForm(token: string): string {
  return (
    `<form method="post" action="${API_ROUTES.resubscribe.path}">` +
    `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
    '<button type="submit">Re-subscribe</button></form>'
  );
}

export const confirmFormAnswers: FormAnswers = {
  accepted: formPage(
    'You’re confirmed',
    'Thanks for confirming your e-mail address. Your spot on the Silk waitlist is secured: watch your inbox for your early access link.',
  ),
  refuse: refuseWithPage,
};

export const unsubscribeFormAnswers: FormAnswers = {
  accepted: (res, _answer, body) =>
    sendHtmlPage(
      res,
      200,
      messagePage(
        'You are unsubscribed',
        'We will not send you any more e-mails. Your spot on the waitlist is kept.',
        resubscribeForm(String(body.token)),
      ),
    ),
  refuse: refuseWithPage,
};

export const resubscribeFormAnswers: FormAnswers = {
  accepted: formPage('Welcome back', 'You are subscribed to Silk e-mails again.'),
  refuse: refuseWithPage,
};
