// The operations a browser may try on a collection, for the cases that refuse them all.
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import type { Firestore } from 'firebase/firestore';
import { collection, deleteDoc, doc, getDoc, getDocs, setDoc, updateDoc } from 'firebase/firestore';

/** Expects `operation` to succeed when `allowed`, to be refused otherwise. */
export const check = (allowed: boolean, operation: Promise<unknown>) =>
  allowed ? assertSucceeds(operation) : assertFails(operation);

export const BROWSER_OPERATIONS = ['get', 'list', 'create', 'update', 'delete'] as const;
export type BrowserOperation = (typeof BROWSER_OPERATIONS)[number];

/**
 * What a browser may try on the collection `name`: get, update or delete the document `id`, list the
 * collection, create a document `new-doc` — with the data given for create and update.
 */
export function browserOperations(
  store: Firestore,
  name: string,
  id: string,
  data: { create: Record<string, unknown>; update: Record<string, unknown> },
): Record<BrowserOperation, () => Promise<unknown>> {
  return {
    get: () => getDoc(doc(store, name, id)),
    list: () => getDocs(collection(store, name)),
    create: () => setDoc(doc(store, name, 'new-doc'), data.create),
    update: () => updateDoc(doc(store, name, id), data.update),
    delete: () => deleteDoc(doc(store, name, id)),
  };
}
