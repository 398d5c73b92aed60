// The browser's copy of the signups (IndexedDB), as the panel opens and deletes it; it lives in
// signups/persistence.ts beside the rest of the signups engine.
export {
  deleteSignupsCache,
  indexedDbSignupsCache,
  type CachedSignups,
  type SignupsCache,
  type SignupsCacheMeta,
  type SignupsCacheOwner,
  type SignupsCacheWrite,
} from './signups/persistence';
