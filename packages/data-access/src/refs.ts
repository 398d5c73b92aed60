// Typed references of the admin-side collections (full Firestore SDK).
import { COLLECTIONS } from '@silk/schema/constants';
import type { UsernameMapping, WaitlistSignup } from '@silk/schema/entities';
import { normalizeEmail, usernameKey } from '@silk/schema/validators';
import {
  collection,
  doc,
  Timestamp,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';

/** A stored staff document as read: any fields (old or hand-made records), read by parseStaffRecord. */
export type StoredStaff = Record<string, unknown>;

export const staffConverter: FirestoreDataConverter<StoredStaff> = {
  toFirestore: (value) => value,
  fromFirestore: (snapshot) => snapshot.data() as StoredStaff,
};

export const usernameMappingConverter: FirestoreDataConverter<UsernameMapping> = {
  toFirestore: (value) => value,
  fromFirestore: (snapshot) => {
    const data = snapshot.data();
    return { username: String(data.username ?? ''), email: String(data.email ?? '') };
  },
};

/** A signup as the panel holds it: plain data (Timestamps as Dates), so it can be kept in IndexedDB. */
export type WaitlistSignupRow = WaitlistSignup & { id: string };

/** Firestore Timestamps, at any depth, become Dates (IndexedDB's structured clone keeps those). */
function plain(value: unknown): unknown {
  if (value instanceof Timestamp) return value.toDate();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

export const signupRowConverter: FirestoreDataConverter<WaitlistSignupRow> = {
  toFirestore: ({ id: _id, ...value }) => value,
  fromFirestore: (snapshot) => {
    // expiresAt: only on the recent copies (their TTL), not part of a signup.
    const { expiresAt: _expiresAt, ...data } = plain(snapshot.data()) as Partial<WaitlistSignup> & {
      expiresAt?: unknown;
    };
    return { ...data, email: typeof data.email === 'string' ? data.email : snapshot.id, id: snapshot.id };
  },
};

/** A deletion: signup_deletions/{SHA-256 of the signup id} {deletedAt, expiresAt}, written by a trigger. */
export interface SignupDeletion {
  idHash: string;
  deletedAt: Date;
}

export const signupDeletionConverter: FirestoreDataConverter<SignupDeletion> = {
  toFirestore: ({ idHash: _idHash, ...value }) => value,
  fromFirestore: (snapshot) => {
    const deletedAt: unknown = snapshot.get('deletedAt');
    return {
      idHash: snapshot.id,
      deletedAt: deletedAt instanceof Timestamp ? deletedAt.toDate() : new Date(0),
    };
  },
};

/** Copies of the signups changed in the last RECENT_SIGNUPS_KEPT_HOURS (a small collection), as rows. */
export function recentSignupsRef(db: Firestore): CollectionReference<WaitlistSignupRow> {
  return collection(db, COLLECTIONS.recentSignups).withConverter(signupRowConverter);
}

/** The signup total: the sum of `count` over signup_counts (the total and its changes not yet folded in), written by functions. */
export function signupCountsRef(db: Firestore): CollectionReference<{ count?: unknown }> {
  return collection(db, COLLECTIONS.signupCounts) as CollectionReference<{ count?: unknown }>;
}

export function signupDeletionsRef(db: Firestore): CollectionReference<SignupDeletion> {
  return collection(db, COLLECTIONS.signupDeletions).withConverter(signupDeletionConverter);
}

export function staffRef(db: Firestore, email: string): DocumentReference<StoredStaff> {
  return doc(db, COLLECTIONS.staff, normalizeEmail(email)).withConverter(staffConverter);
}

export function usernameMappingsRef(db: Firestore): CollectionReference<UsernameMapping> {
  return collection(db, COLLECTIONS.usernameMappings).withConverter(usernameMappingConverter);
}

export function usernameMappingRef(db: Firestore, username: string): DocumentReference<UsernameMapping> {
  return doc(usernameMappingsRef(db), usernameKey(username));
}

export function signupsRef(db: Firestore): CollectionReference<WaitlistSignupRow> {
  return collection(db, COLLECTIONS.waitlistSignups).withConverter(signupRowConverter);
}
