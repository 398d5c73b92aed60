// GET /status?token=<signed status link> — the subscriber's private status page: their place in line
// ("#1,234 of 56,789"), confirmed referrals, the reward tiers reached and the progress to the next, referral link with share targets and the masked top 10,
// rendered into the site's prerendered shell (status-shell.ts), so the numbers need no script. The link
// is the only way in: no address in any URL, and a refused token (malformed, tampered, expired, or a
// subscriber no longer on the list) shows the same kind of page, with a form that e-mails a fresh link to
// the address itself (status-link.ts). `?sent` is that form's answer.
import { STATUS_SENT_PARAM } from '@silk/schema/constants';
import { referralLink, type LeaderboardEntry, type RankingRule } from '@silk/schema/referrals';
import type { Firestore } from 'firebase-admin/firestore';
import { endpoint, queryToken, ANSWERED, type EndpointDeps } from '../http/endpoint';
import { LinkTokenError, verifyLinkToken } from '../http/link-token';
import { defaultMailContext, type MailContext } from '../subscribers/mailing-list';
import { addressOf, signupRef } from '../subscribers/subscribers';
import { leaderboard, positionOf, type Position } from '../ranking/position';
import { rankSpace, readSettings } from '../ranking/rank-store';
import { rewardTiers } from '../shared/reward-settings';
import { cachedShell, fillShell, type ShellLoader } from './status-shell';
import { refuseWithPage, sendHtmlPage } from '../http/html-page';
import { freshLinkHtml, sentHtml, statusHtml, type StatusContent, type StatusRefusal } from './status-html';

/** The ranking's reads the page needs (functions/src/ranking/position.ts). */
export interface RankingReader {
  positionOf: (db: Firestore, email: string) => Promise<Position | null>;
  leaderboard: (db: Firestore, n: number) => Promise<LeaderboardEntry[]>;
}

const RANKING: RankingReader = { positionOf, leaderboard };

export interface StatusPageOptions {
  deps?: Partial<EndpointDeps>;
  shell?: ShellLoader;
  mailContext?: () => MailContext;
}

const LEADERBOARD_SIZE = 10;

/** The rule in force, for a subscriber the index does not hold yet (positionOf names it otherwise). */
async function rankingRule(db: Firestore): Promise<RankingRule> {
  return readSettings((await rankSpace(db).settings.get()).data()).rule;
}

/** The subscriber's numbers, or null when the link's subscriber is no longer on the list. */
export async function statusContent(
  db: Firestore,
  ranking: RankingReader,
  siteOrigin: string,
  subscriberId: string,
): Promise<StatusContent | null> {
  const email = await addressOf(db, subscriberId);
  if (!email) return null;
  const [signup, position, top, tiers] = await Promise.all([
    signupRef(db, email).get(),
    ranking.positionOf(db, email),
    ranking.leaderboard(db, LEADERBOARD_SIZE),
    rewardTiers(db),
  ]);
  const code = signup.get('referralCode') as unknown;
  const confirmed = signup.get('confirmedReferrals') as unknown;
  return {
    position: position && { place: position.place, total: position.total },
    confirmedReferrals: typeof confirmed === 'number' ? confirmed : 0,
    referralLink: typeof code === 'string' ? referralLink(siteOrigin, code) : null,
    rule: position?.rule ?? (await rankingRule(db)),
    leaderboard: top,
    rewardTiers: tiers,
  };
}

/** Why a status token is refused, or its subscriber id. */
function readToken(
  secret: string,
  token: string | null,
): { subscriberId: string } | { refusal: StatusRefusal } {
  if (token === null) return { refusal: 'missing' };
  try {
    return { subscriberId: verifyLinkToken(secret, token, 'status').subject };
  } catch (error) {
    if (!(error instanceof LinkTokenError)) throw error;
    return { refusal: error.problem === 'expired' ? 'expired' : 'invalid' };
  }
}

const REFUSAL_STATUS: Record<StatusRefusal, number> = { missing: 200, invalid: 401, expired: 401 };

export function makeStatusPageHandler(options: StatusPageOptions & { ranking?: RankingReader } = {}) {
  const ranking = options.ranking ?? RANKING;
  const shell = options.shell ?? cachedShell();
  const mailContext = options.mailContext ?? defaultMailContext;
  return endpoint(
    'statusPage',
    async ({ req, res, services: { db } }) => {
      const { config, secret } = mailContext();
      const page = async (status: number, content: string) =>
        sendHtmlPage(res, status, fillShell(await shell(config.siteOrigin), content));
      const url = new URL((req as { url?: string }).url ?? '/', 'http://localhost');
      const token = queryToken(req);
      const read = readToken(secret, token);
      if ('refusal' in read) {
        if (read.refusal === 'missing' && url.searchParams.has(STATUS_SENT_PARAM))
          await page(200, sentHtml());
        else await page(REFUSAL_STATUS[read.refusal], freshLinkHtml(read.refusal));
        return ANSWERED;
      }
      const content = await statusContent(db, ranking, config.siteOrigin, read.subscriberId);
      if (content && token) await page(200, statusHtml(content, token));
      else await page(REFUSAL_STATUS.invalid, freshLinkHtml('invalid'));
      return ANSWERED;
    },
    options.deps,
    { page: { refuse: refuseWithPage } },
  );
}
