// Generated passwords (one-time passwords of new team members, seeded and test accounts): 16 characters
// from a CSPRNG with every character class of the PRODUCT.md#validation policy (no look-alike characters, so they can
// be read out). crypto.getRandomValues, so it runs in Node and in browsers alike.
import { isStrongPassword } from './validators';

const CLASSES = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'];
const UINT32_RANGE = 2 ** 32;

function randomUint32(): number {
  return new DataView(crypto.getRandomValues(new Uint8Array(4)).buffer).getUint32(0);
}

/** A uniformly random integer in [0, size): draws above the last whole multiple of size are redrawn. */
function randomIndex(size: number): number {
  const limit = UINT32_RANGE - (UINT32_RANGE % size);
  for (;;) {
    const value = randomUint32();
    if (value < limit) return value % size;
  }
}

function pick(characters: string): string {
  return characters.charAt(randomIndex(characters.length));
}

export function generateOneTimePassword(length = 16): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map(pick);
  while (chars.length < length) chars.push(pick(all));
  // Shuffled by drawing the characters in a random order, so the class characters are not always first.
  const shuffled: string[] = [];
  while (chars.length > 0) shuffled.push(...chars.splice(randomIndex(chars.length), 1));
  const password = shuffled.join('');
  if (!isStrongPassword(password)) throw new Error('generated password does not meet the policy');
  return password;
}
