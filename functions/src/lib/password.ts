// One-time passwords for new team members: 16 characters from a CSPRNG with every character class of
// the SPEC §5 policy (no look-alike characters, so they can be read out).
import { isStrongPassword } from '@silk/schema/validators';
import { randomInt } from 'node:crypto';

const CLASSES = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!#$%&*+-=?@^_'];

export function generateOneTimePassword(length = 16): string {
  const all = CLASSES.join('');
  const chars = CLASSES.map((set) => set[randomInt(set.length)]!);
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (!isStrongPassword(password)) throw new Error('generated password does not meet the policy');
  return password;
}
