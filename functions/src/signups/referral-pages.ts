// Reads the referral records (referrals/{referred}) for the export's Referrals worksheet, and the reward
// queue (rewards/{id}) for its Rewards worksheet: newest first, one streamed query grouped into pages, as
// signup-pages.ts reads the signups.
import type { CollectionReference } from 'firebase-admin/firestore';
import { DEFAULT_PAGE_SIZE, streamed } from './signup-pages';
import type { SignupRecord } from './xlsx';

export function referralPages(
  collection: CollectionReference,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<SignupRecord[]> {
  return newestFirst(collection, 'createdAt', pageSize);
}

export function rewardPages(
  collection: CollectionReference,
  pageSize = DEFAULT_PAGE_SIZE,
): AsyncGenerator<SignupRecord[]> {
  return newestFirst(collection, 'reachedAt', pageSize);
}

async function* newestFirst(
  collection: CollectionReference,
  field: string,
  pageSize: number,
): AsyncGenerator<SignupRecord[]> {
  let page: SignupRecord[] = [];
  for await (const doc of streamed(collection.orderBy(field, 'desc'), pageSize)) {
    page.push(doc.data());
    if (page.length === pageSize) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}
