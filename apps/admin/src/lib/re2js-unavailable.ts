// Stand-in for `re2js` in the admin bundle (aliased in vite.config.ts). firebase/firestore 12 bundles
// the RE2 regex engine (~35 KB gzip) only to evaluate regex expressions of Firestore *pipelines*
// (regexMatch / regexContains), which the panel never builds. Keeping it out holds the admin bundle
// under its DESIGN §8 budget; anything that did reach it would fail loudly rather than silently.
export class RE2JS {
  static compile(): never {
    throw new Error('Regular-expression pipeline stages are not available in the admin panel.');
  }
}
