// The panel's live reads of server-written collections, in one shape: a query's documents (or one
// document's data) read into a value each time they change, delivered to `onValue`; a refused or failed
// listen reaches `onError`. Returns the unsubscribe function.
import { COLLECTIONS } from '@silk/schema/constants';
import {
  doc,
  onSnapshot,
  type DocumentData,
  type DocumentReference,
  type Firestore,
  type Query,
  type QueryDocumentSnapshot,
  type Unsubscribe,
} from 'firebase/firestore';
import type { AdminServices } from './admin-firebase';

export function listenToQuery<T>(
  query: Query,
  read: (documents: QueryDocumentSnapshot[]) => T,
  onValue: (value: T) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(query, (snapshot) => onValue(read(snapshot.docs)), onError);
}

export function listenToDocument<T>(
  reference: DocumentReference,
  read: (data: DocumentData | undefined) => T,
  onValue: (value: T) => void,
  onError: (error: Error) => void,
): Unsubscribe {
  return onSnapshot(reference, (snapshot) => onValue(read(snapshot.data())), onError);
}

/** The live reader of the query `queryOf` makes, its documents read by `read`. */
export function queryListener<T>(
  queryOf: (db: Firestore) => Query,
  read: (documents: QueryDocumentSnapshot[]) => T,
) {
  return (
    services: AdminServices,
    onValue: (value: T) => void,
    onError: (error: Error) => void,
  ): Unsubscribe => listenToQuery(queryOf(services.db), read, onValue, onError);
}

/** The live reader of one settings/{id} document, its data read by `read`. */
export function settingsListener<T>(id: string, read: (data: DocumentData | undefined) => T) {
  return (
    services: AdminServices,
    onSettings: (settings: T) => void,
    onError: (error: Error) => void,
  ): Unsubscribe => listenToDocument(doc(services.db, COLLECTIONS.settings, id), read, onSettings, onError);
}
