// The panel's live reads of the referral collections (server-written; staff may read them): the review
// queue (referrals withheld by a fraud rule) and the ranking settings with their re-rank's progress.
import { COLLECTIONS, RANKING_SETTINGS_DOC } from '@silk/schema/constants';
import {
  DEFAULT_RANKING_RULE,
  RANKING_RULE_KINDS,
  REFERRAL_STATUSES,
  WITHHOLD_REASONS,
  type RankingRule,
  type RankingSettings,
  type ReferralRecord,
} from '@silk/schema/referrals';
import { collection, limit, query, where } from 'firebase/firestore';
import { queryListener, settingsListener } from './live-query';

/** How many withheld referrals the queue follows at once (an Admin's decision takes one out). */
export const REVIEW_QUEUE_WINDOW = 500;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const time = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** A stored referral record as the panel shows it (anything missing or of the wrong type left out). */
export function parseReferralRecord(id: string, data: Record<string, unknown>): ReferralRecord {
  const record: ReferralRecord = {
    referred: text(data.referred) || id,
    referrer: text(data.referrer),
    code: text(data.code),
    status: isOneOf(REFERRAL_STATUSES, data.status) ? data.status : 'pending',
    createdAt: time(data.createdAt) ?? 0,
  };
  if (isOneOf(WITHHOLD_REASONS, data.reason)) record.reason = data.reason;
  const confirmedAt = time(data.confirmedAt);
  if (confirmedAt !== undefined) record.confirmedAt = confirmedAt;
  return record;
}

function parseRule(value: unknown): RankingRule | null {
  if (!value || typeof value !== 'object') return null;
  const { kind, places } = value as { kind?: unknown; places?: unknown };
  if (!isOneOf(RANKING_RULE_KINDS, kind)) return null;
  if (kind !== 'skip') return { kind };
  return typeof places === 'number' && Number.isInteger(places) && places > 0 ? { kind, places } : null;
}

/** settings/ranking as stored; the default rule (signup time, version 0) when there is none yet. */
export function parseRankingSettings(data: Record<string, unknown> | undefined): RankingSettings {
  const settings: RankingSettings = {
    rule: parseRule(data?.rule) ?? DEFAULT_RANKING_RULE,
    version: time(data?.version) ?? 0,
  };
  const updatedAt = time(data?.updatedAt);
  if (updatedAt !== undefined) settings.updatedAt = updatedAt;
  if (typeof data?.updatedBy === 'string') settings.updatedBy = data.updatedBy;
  const rerank = data?.rerank as Record<string, unknown> | undefined;
  const rerankRule = parseRule(rerank?.rule);
  if (rerank && rerankRule && isOneOf(['running', 'done', 'failed'] as const, rerank.state)) {
    settings.rerank = {
      rule: rerankRule,
      version: time(rerank.version) ?? 0,
      state: rerank.state,
      done: time(rerank.done) ?? 0,
      total: time(rerank.total) ?? 0,
      startedAt: time(rerank.startedAt) ?? 0,
    };
    const finishedAt = time(rerank.finishedAt);
    if (finishedAt !== undefined) settings.rerank.finishedAt = finishedAt;
  }
  return settings;
}

/**
 * The withheld referrals, oldest first, live. Ordered here rather than in the query: an equality with an
 * order on another field needs a composite index.
 */
export const listenToWithheldReferrals = queryListener(
  (db) =>
    query(
      collection(db, COLLECTIONS.referrals),
      where('status', '==', 'withheld'),
      limit(REVIEW_QUEUE_WINDOW),
    ),
  (documents) =>
    documents
      .map((document) => parseReferralRecord(document.id, document.data()))
      .sort((a, b) => a.createdAt - b.createdAt || a.referred.localeCompare(b.referred)),
);

/** settings/ranking, live: the rule in force and the progress of a re-rank. */
export const listenToRankingSettings = settingsListener(RANKING_SETTINGS_DOC, parseRankingSettings);
