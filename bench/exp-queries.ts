import { adminSdk } from '@silk/stack/admin-sdk';
import { makeSignups } from '@silk/stack/seed-data';
import { Timestamp } from 'firebase-admin/firestore';
const { db } = adminSdk();
const col = db.collection('waitlist_signups');
const signups = makeSignups(Number(process.env.N ?? 100000));
for (let i = 0; i < signups.length; i += 2000) {
  await Promise.all([0, 500, 1000, 1500].map(async (o) => {
    const b = db.batch();
    for (const s of signups.slice(i + o, i + o + 500)) b.set(col.doc(s.email), s);
    await b.commit();
  }));
}
await db.collection('signup_counts').doc('0').set({ count: 100000 });
const time = async (name: string, f: () => Promise<unknown>) => { const t = performance.now(); const r = await f(); console.log(name, (performance.now() - t).toFixed(0), 'ms', r); };
const hourAgo = Timestamp.fromMillis(Date.now() - 3600e3);
for (let k = 0; k < 2; k++) {
await time('count', async () => (await col.count().get()).data().count);
await time('orderBy desc limit 200', async () => (await col.orderBy('updatedAt', 'desc').limit(200).get()).size);
await time('where>=1h orderBy desc limit 200', async () => (await col.where('updatedAt', '>=', hourAgo).orderBy('updatedAt', 'desc').limit(200).get()).size);
await time('where>=1h', async () => (await col.where('updatedAt', '>=', hourAgo).get()).size);
await time('where>=1h limit 200', async () => (await col.where('updatedAt', '>=', hourAgo).limit(200).get()).size);
await time('orderBy asc limit 2000', async () => (await col.orderBy('updatedAt').limit(2000).get()).size);
await time('limit 200 (no order)', async () => (await col.limit(200).get()).size);
await time('counts collection', async () => (await db.collection('signup_counts').get()).size);
}
