// The admin panel's signups, kept up to date cheaply (the cost model is in docs/decisions.md).
//
// Every write to a signup stamps `updatedAt` with the server's time (firestore.rules for browsers,
// functions/src/shared/signup-change.ts for server code), and every deletion leaves a tombstone in
// signup_deletions (a trigger). So the panel needs the whole collection once per browser, then only the
// changes:
// - cold (no copy in IndexedDB): the total (signup_counts; count() where there is none yet) and the
//   newest rows (signup_recent) first — both small collections kept by a trigger, so they answer at
//   once whatever the total — then the rest in pages ordered by `updatedAt` in the background, while
//   listeners follow every change and deletion since the newest row;
// - repeat open (a copy): the copy at once, then listeners for the changes and deletions since it was
//   last brought up to date — the only documents read from the server.
//
// The engine's parts, in signups/: store.ts (the rows, tombstones and total in memory; no Firebase),
// source.ts (the Firestore reads and feeds), persistence.ts (the IndexedDB copy) and coordinator.ts
// (wires them). This module is what the panel imports; the copy's own entry is signups-cache.ts.
export { subscribeToSignups, type SignupsSubscriptionOptions } from './signups/coordinator';
export { DELETIONS_KEPT_MS } from './signups/persistence';
export { signupIdHash, sortNewestFirst, type SignupsSnapshot, type WaitlistSignupRow } from './signups/store';
