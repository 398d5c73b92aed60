// The paged reader against the Firestore emulator, on a private collection: newest first across pages,
// documents without a timestamp at the end, nothing twice, nothing left out, and an empty collection.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { unique } from '../../test-support/emulator';
import { adminServices } from '../shared/admin';
import { signupPages } from './signup-pages';

const { db } = adminServices();

async function collect(collectionName: string, pageSize: number) {
  const pages: string[][] = [];
  for await (const page of signupPages(db.collection(collectionName), pageSize)) {
    pages.push(page.map((record) => record.email as string));
  }
  return pages;
}

describe('signupPages', () => {
  it('yields nothing for an empty collection', async () => {
    expect(await collect(unique('empty_signups'), 3)).toEqual([]);
  });

  it('reads newest first in pages, then the documents without a timestamp', async () => {
    const name = unique('paged_signups');
    const batch = db.batch();
    const base = Date.UTC(2026, 0, 1);
    for (let i = 0; i < 8; i += 1) {
      batch.set(db.collection(name).doc(`t${i}@x.co`), {
        email: `t${i}@x.co`,
        timestamp: Timestamp.fromMillis(base + i * 60_000),
      });
    }
    for (const id of ['a', 'm', 'z'])
      batch.set(db.collection(name).doc(`${id}-none@x.co`), { email: `${id}-none@x.co` });
    await batch.commit();

    const pages = await collect(name, 3);
    expect(pages.slice(0, 3).map((page) => page.length)).toEqual([3, 3, 2]);
    expect(pages.slice(0, 3).flat()).toEqual([7, 6, 5, 4, 3, 2, 1, 0].map((i) => `t${i}@x.co`));
    expect(pages.slice(3).flat().sort()).toEqual(['a-none@x.co', 'm-none@x.co', 'z-none@x.co']);
  });
});
