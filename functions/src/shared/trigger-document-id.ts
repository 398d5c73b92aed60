// The id of the document a Firestore trigger fired for. Gen2 triggers get the document's path from a
// CloudEvent header, which the Functions Framework reads as Latin-1: a non-ASCII id arrives with its
// UTF-8 bytes as characters ("josé" → "josÃ©"; firebase/firebase-functions#1459, in production and in the
// emulator), and the event's snapshots carry the same garbled path. Every address the grammar accepts
// may hold letters beyond ASCII, so the id is read back as UTF-8 here.
export function triggerDocumentId(raw: string): string {
  // Only a string of Latin-1 characters with some above ASCII can be such bytes.
  const codes = [...raw].map((character) => character.codePointAt(0) ?? 0);
  if (!codes.some((code) => code >= 0x80) || codes.some((code) => code > 0xff)) return raw;
  const decoded = Buffer.from(raw, 'latin1').toString('utf8');
  // Not valid UTF-8: the id really holds those characters (a framework that no longer garbles it).
  return decoded.includes('\ufffd') ? raw : decoded;
}
