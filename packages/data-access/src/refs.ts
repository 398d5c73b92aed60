// Typed references of the admin-side collections (full Firestore SDK).
import { COLLECTIONS } from '@silk/schema/constants';
import type { StaffRecord, UsernameMapping, WaitlistSignup } from '@silk/schema/entities';
import { normalizeEmail, usernameKey } from '@silk/schema/validators';
import {
  collection,
  doc,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type FirestoreDataConverter,
} from 'firebase/firestore';

/** A stored staff document as read (fields may be missing on hand-made records). */
export type StoredStaff = Partial<StaffRecord> & Record<string, unknown>;

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

export type WaitlistSignupRow = WaitlistSignup & { id: string };

export const signupRowConverter: FirestoreDataConverter<WaitlistSignupRow> = {
  toFirestore: ({ id: _id, ...value }) => value,
  fromFirestore: (snapshot) => {
    const data = snapshot.data() as Partial<WaitlistSignup>;
    return { ...data, email: typeof data.email === 'string' ? data.email : snapshot.id, id: snapshot.id };
  },
};

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
