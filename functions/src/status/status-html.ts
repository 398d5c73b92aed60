// The status page's content, as HTML for the slot of the site's prerendered shell (status-shell.ts): the
// subscriber's numbers, or — for a refused link, or none — the form that e-mails a fresh link. It works
// without scripts: the numbers are text, the share targets are plain links; the site's small page
// script (apps/site/src/entries/status.ts) reveals the copy and native share buttons where they work.
// The class names are the site's (apps/site/src/styles/status.css; the share list is the same markup
// as /waitlist's ShareButtons).
import { API_ROUTES } from '@silk/schema/api-routes';
import { LINK_EXPIRED, LINK_INVALID } from '@silk/schema/messages';
import { describeRankingRule, type LeaderboardEntry, type RankingRule } from '@silk/schema/referrals';
import { EVERY_REWARD_REACHED, progressToTier, type RewardTier } from '@silk/schema/rewards';
import { formatPlace, shareTargets } from '@silk/schema/share-links';
import { escapeHtml } from '../http/html-page';

/** What the page shows its subscriber (the place is null until the ranking index has them). */
export interface StatusContent {
  position: { place: number; total: number } | null;
  confirmedReferrals: number;
  /** null until the subscriber has a referral code. */
  referralLink: string | null;
  rule: RankingRule;
  leaderboard: LeaderboardEntry[];
  /** The reward tiers in force, fewest referrals first (none: the page shows no rewards). */
  rewardTiers: RewardTier[];
}

/** Why the page offers a fresh link instead of the numbers. */
export type StatusRefusal = 'missing' | 'invalid' | 'expired';

export const STATUS_COPY = {
  title: 'Your place in line',
  placePending: 'Your place is being worked out. Open this link again in a minute.',
  referralsLabel: 'Confirmed referrals',
  linkTitle: 'Your referral link',
  linkNote: 'Each friend who joins through your link and confirms their e-mail moves you up the line.',
  copy: 'Copy link',
  share: 'Share…',
  rewardsTitle: 'Your rewards',
  rewardsNone: 'No reward reached yet.',
  rewardsAll: EVERY_REWARD_REACHED,
  reached: 'Reached',
  leaderboardTitle: 'Top referrers',
  leaderboardEmpty: 'No confirmed referrals yet: yours could be the first.',
  freshTitle: 'Get your status link',
  freshNote:
    'Enter the address you joined with. If it is on the waitlist, we e-mail a fresh link to it (and only to it).',
  emailLabel: 'E-mail address',
  freshSubmit: 'E-mail me a fresh link',
  sentTitle: 'Check your inbox',
  sentNote:
    'If this address is on the waitlist, a fresh link to your status page is on its way to it. The link works for 30 days.',
  dataTitle: 'Your data',
  dataNote:
    'Download a copy of everything Silk holds about you: your signup, your answers, your consent, your referrals, your invitations and the e-mails we sent you.',
  dataSubmit: 'Download my data',
} as const;

const REFUSAL_HEADINGS: Record<StatusRefusal, string> = {
  missing: STATUS_COPY.freshTitle,
  invalid: LINK_INVALID,
  expired: LINK_EXPIRED,
};

const referrals = (count: number) =>
  `${count.toLocaleString('en-US')} confirmed ${count === 1 ? 'referral' : 'referrals'}`;

/**
 * The share list: the plain links, then copy and native share, which the page script reveals (last, and
 * holding their place while hidden, so revealing them moves nothing).
 */
export function shareListHtml(link: string): string {
  const value = escapeHtml(link);
  const items = [
    ...shareTargets(link).map(
      (target) =>
        `<li><a class="button button--secondary" href="${escapeHtml(target.href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(target.label)}</a></li>`,
    ),
    `<li><button type="button" class="button button--secondary" data-share-copy="${value}" hidden>${STATUS_COPY.copy}</button></li>`,
    `<li><button type="button" class="button button--secondary" data-share-native="${value}" hidden>${STATUS_COPY.share}</button></li>`,
  ];
  return `<ul class="share" aria-label="Share your link">${items.join('')}</ul>`;
}

function leaderboardHtml(entries: LeaderboardEntry[]): string {
  if (entries.length === 0) return `<p>${escapeHtml(STATUS_COPY.leaderboardEmpty)}</p>`;
  const rows = entries.map(
    (entry) =>
      `<li><span class="leaderboard__who">${escapeHtml(entry.maskedEmail)}</span> <span class="leaderboard__count">${referrals(entry.confirmedReferrals)}</span></li>`,
  );
  return `<ol class="leaderboard">${rows.join('')}</ol>`;
}

/** The tiers reached (each with its description) and the progress to the next one. */
export function rewardsHtml(tiers: readonly RewardTier[], credited: number): string {
  if (tiers.length === 0) return '';
  const reached = tiers.filter((tier) => tier.referrals <= credited);
  const next = tiers.find((tier) => tier.referrals > credited);
  const list = reached.length
    ? `<ul class="status__rewards" data-testid="status-rewards">${reached
        .map(
          (tier) =>
            `<li><strong>${escapeHtml(tier.name)}</strong> <span>(${STATUS_COPY.reached})</span>` +
            (tier.description ? `<br>${escapeHtml(tier.description)}` : '') +
            `</li>`,
        )
        .join('')}</ul>`
    : `<p data-testid="status-rewards">${STATUS_COPY.rewardsNone}</p>`;
  const progress = next ? progressToTier(credited, next) : STATUS_COPY.rewardsAll;
  return (
    `<h2>${STATUS_COPY.rewardsTitle}</h2>${list}` +
    `<p class="status__next-reward" data-testid="status-next-reward">${escapeHtml(progress)}</p>`
  );
}

/** "Download my data": a native form posting the page's own link token, answered with the file. */
export function dataFormHtml(token: string): string {
  return (
    `<h2>${STATUS_COPY.dataTitle}</h2><p>${escapeHtml(STATUS_COPY.dataNote)}</p>` +
    `<form class="status-form" method="post" action="${API_ROUTES.statusData.path}">` +
    `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
    `<button type="submit" class="button button--secondary" data-testid="status-data">${STATUS_COPY.dataSubmit}</button>` +
    `</form>`
  );
}

/** The page of the subscriber `content` describes; `token`: the page's own link, for the data download. */
export function statusHtml(content: StatusContent, token: string): string {
  const place = content.position
    ? `<p class="status__place" data-testid="status-place">${escapeHtml(formatPlace(content.position.place, content.position.total))}</p>`
    : `<p class="status__place status__place--pending" data-testid="status-place">${escapeHtml(STATUS_COPY.placePending)}</p>`;
  const link = content.referralLink
    ? `<h2>${STATUS_COPY.linkTitle}</h2><p>${escapeHtml(STATUS_COPY.linkNote)}</p>` +
      `<p class="share__link" data-testid="status-link">${escapeHtml(content.referralLink)}</p>` +
      shareListHtml(content.referralLink)
    : '';
  return (
    `<section class="status" aria-labelledby="status-title">` +
    `<h1 id="status-title">${STATUS_COPY.title}</h1>` +
    place +
    `<p class="status__rule">${escapeHtml(describeRankingRule(content.rule))}</p>` +
    `<dl class="status__numbers"><div><dt>${STATUS_COPY.referralsLabel}</dt>` +
    `<dd data-testid="status-referrals">${content.confirmedReferrals.toLocaleString('en-US')}</dd></div></dl>` +
    rewardsHtml(content.rewardTiers, content.confirmedReferrals) +
    link +
    `<h2>${STATUS_COPY.leaderboardTitle}</h2>${leaderboardHtml(content.leaderboard)}` +
    dataFormHtml(token) +
    `</section>`
  );
}

/** A refused (or missing) link: why, and the form that e-mails a fresh one (a native form post). */
export function freshLinkHtml(refusal: StatusRefusal): string {
  return (
    `<section class="status" aria-labelledby="status-title">` +
    `<h1 id="status-title">${escapeHtml(REFUSAL_HEADINGS[refusal])}</h1>` +
    `<p>${escapeHtml(STATUS_COPY.freshNote)}</p>` +
    `<form class="status-form" method="post" action="${API_ROUTES.statusLink.path}">` +
    `<label for="status-email">${STATUS_COPY.emailLabel}</label>` +
    `<input id="status-email" class="text-field__input" name="email" type="email" autocomplete="email" required maxlength="254">` +
    `<button type="submit" class="button button--primary">${STATUS_COPY.freshSubmit}</button>` +
    `</form></section>`
  );
}

/** The fresh-link form's answer (the same for any address). */
export function sentHtml(): string {
  return (
    `<section class="status" aria-labelledby="status-title">` +
    `<h1 id="status-title">${STATUS_COPY.sentTitle}</h1><p>${escapeHtml(STATUS_COPY.sentNote)}</p></section>`
  );
}
