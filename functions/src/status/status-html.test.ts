import { API_ROUTES } from '@silk/schema/api-routes';
import { LINK_EXPIRED, LINK_INVALID } from '@silk/schema/messages';
import { shareTargets } from '@silk/schema/share-links';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../http/html-page';
import { freshLinkHtml, sentHtml, STATUS_COPY, statusHtml, type StatusContent } from './status-html';
import { cachedShell, fillShell } from './status-shell';
import { STATUS_SLOT } from '@silk/schema/constants';

const LINK = 'https://silk.travel/?ref=abcd2345';
const TOKEN = 'eyJwIjoic3RhdHVzIn0.c2lnbmF0dXJl';
const content: StatusContent = {
  position: { place: 1234, total: 56789 },
  confirmedReferrals: 3,
  referralLink: LINK,
  rule: { kind: 'skip', places: 5 },
  leaderboard: [
    { maskedEmail: 'an…@g….com', confirmedReferrals: 12 },
    { maskedEmail: '<b>…@x….org', confirmedReferrals: 1 },
  ],
  rewardTiers: [],
};

const EARLY = { id: 'early', referrals: 3, name: 'Early <beta>', description: 'Skip the line.' };
const MERCH = { id: 'merch', referrals: 10, name: 'Merch', description: '' };

describe('the status page content', () => {
  const html = statusHtml(content, TOKEN);

  it('shows the place, the rule and the confirmed referrals as text', () => {
    expect(html).toContain('>#1,234 of 56,789</p>');
    expect(html).toContain('>Skip 5 places per confirmed referral</p>');
    expect(html).toContain('<dd data-testid="status-referrals">3</dd>');
  });

  it('shows the link with plain share links and hidden copy / native share buttons', () => {
    expect(html).toContain(`data-testid="status-link">${escapeHtml(LINK)}</p>`);
    for (const target of shareTargets(LINK)) expect(html).toContain(`href="${escapeHtml(target.href)}"`);
    expect(html).toMatch(/<button type="button"[^>]*data-share-copy="[^"]+" hidden>/);
    expect(html).toMatch(/<button type="button"[^>]*data-share-native="[^"]+" hidden>/);
  });

  it('lists the masked leaderboard, escaped', () => {
    expect(html).toContain('an…@g….com</span> <span class="leaderboard__count">12 confirmed referrals');
    expect(html).toContain('&lt;b&gt;…@x….org</span> <span class="leaderboard__count">1 confirmed referral<');
    expect(html).not.toContain('<b>');
  });

  it('offers "Download my data" as a native form posting the page\'s own link token', () => {
    expect(html).toContain(`<form class="status-form" method="post" action="${API_ROUTES.statusData.path}">`);
    expect(html).toContain(`<input type="hidden" name="token" value="${TOKEN}">`);
    expect(html).toMatch(/<button type="submit"[^>]*data-testid="status-data">Download my data<\/button>/);
  });

  it('says the place is on its way before the ranking has the subscriber, and leaves out a missing link', () => {
    const pending = statusHtml({ ...content, position: null, referralLink: null, leaderboard: [] }, TOKEN);
    expect(pending).toContain(STATUS_COPY.placePending);
    expect(pending).not.toContain('data-share-copy');
    expect(pending).toContain(STATUS_COPY.leaderboardEmpty);
  });
});

describe('the rewards on the status page', () => {
  it('shows the tiers reached, escaped, and the progress to the next one', () => {
    const html = statusHtml({ ...content, rewardTiers: [EARLY, MERCH] }, TOKEN);
    expect(html).toContain('<strong>Early &lt;beta&gt;</strong> <span>(Reached)</span><br>Skip the line.');
    expect(html).not.toContain('<strong>Merch</strong>');
    expect(html).toContain('data-testid="status-next-reward">3 of 10 referrals to Merch</p>');
  });

  it('says none is reached yet, then that every one is reached, and shows nothing without tiers', () => {
    const early = statusHtml({ ...content, confirmedReferrals: 2, rewardTiers: [EARLY, MERCH] }, TOKEN);
    expect(early).toContain(STATUS_COPY.rewardsNone);
    expect(early).toContain('2 of 3 referrals to Early &lt;beta&gt;');
    const all = statusHtml({ ...content, confirmedReferrals: 12, rewardTiers: [EARLY, MERCH] }, TOKEN);
    expect(all).toContain('<strong>Merch</strong>');
    expect(all).toContain(STATUS_COPY.rewardsAll);
    expect(statusHtml(content, TOKEN)).not.toContain(STATUS_COPY.rewardsTitle);
  });
});

describe('the fresh-link page', () => {
  it('says why and offers a native form posting to the status-link route', () => {
    expect(freshLinkHtml('expired')).toContain(escapeHtml(LINK_EXPIRED));
    expect(freshLinkHtml('invalid')).toContain(escapeHtml(LINK_INVALID));
    expect(freshLinkHtml('missing')).toContain(STATUS_COPY.freshTitle);
    const form = freshLinkHtml('invalid');
    expect(form).toContain(`<form class="status-form" method="post" action="${API_ROUTES.statusLink.path}">`);
    expect(form).toContain('<label for="status-email">');
    expect(form).toContain('name="email" type="email"');
    expect(sentHtml()).toContain(STATUS_COPY.sentTitle);
  });
});

describe('the shell', () => {
  it('fills the slot once, with the content as given', () => {
    expect(fillShell(`<main>${STATUS_SLOT}</main>`, '<p>$& $1</p>')).toBe('<main><p>$& $1</p></main>');
  });

  it('keeps a loaded shell and loads again after a failure', async () => {
    let loads = 0;
    let fail = true;
    const load = cachedShell(async () => {
      loads += 1;
      if (fail) throw new Error('down');
      return STATUS_SLOT;
    });
    await expect(load('https://silk.travel')).rejects.toThrow('down');
    fail = false;
    await expect(load('https://silk.travel')).resolves.toBe(STATUS_SLOT);
    await load('https://silk.travel');
    expect(loads).toBe(2);
  });
});
