// The address grammar's table (validators.ts): inputs it accepts, with the address they are stored and
// mailed as, and inputs it refuses. The schema's unit test, the rules tests and the functions' tests all
// iterate this one table, so the site, firestore.rules and the functions cannot drift apart.
import { MAX_EMAIL_LENGTH } from './constants';

export interface AcceptedAddress {
  input: string;
  /** The stored, rate-limited and mailed form (trimmed, lower-cased). */
  address: string;
}

export interface RefusedAddress {
  input: string;
  why: string;
}

const at = (local: string) => `${local}@example.com`;
const longest = at('a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length));
/** An input stored as it is typed. */
const asTyped = (address: string): AcceptedAddress => ({ input: address, address });

export const ACCEPTED_ADDRESSES: readonly AcceptedAddress[] = [
  asTyped('ana@example.com'),
  { input: '  Ana@Example.COM \n', address: 'ana@example.com' },
  asTyped('a.b+tag@mail.co.uk'),
  asTyped("o'brien@example.ie"),
  asTyped('first_last-2@sub.example-host.org'),
  asTyped('x#$&*=?^`{|}~y@example.com'),
  asTyped('josé@exämple.es'),
  { input: 'ÉLODIE@exemple.fr', address: 'élodie@exemple.fr' },
  asTyped('a@b.c'),
  asTyped('ana@xn--bcher-kva.example'),
  asTyped(longest),
];

export const REFUSED_ADDRESSES: readonly RefusedAddress[] = [
  { input: '', why: 'empty' },
  { input: '   ', why: 'only spaces' },
  { input: 'ana', why: 'no @' },
  { input: 'ana@', why: 'no domain' },
  { input: '@example.com', why: 'no local part' },
  { input: 'ana@example', why: 'a domain without a dot' },
  { input: 'ana@@example.com', why: 'two @' },
  { input: 'ana@b@example.com', why: 'an @ in the local part' },
  { input: 'n1<victim@example.com>', why: 'a display name and angle brackets' },
  { input: '<victim@example.com>', why: 'angle brackets' },
  { input: 'Victim <victim@example.com>', why: 'a display name with a space' },
  { input: '"n1"victim@example.com', why: 'quotes' },
  { input: '"victim"@example.com', why: 'a quoted local part' },
  { input: 'victim(n1)@example.com', why: 'a comment' },
  { input: 'victim@example.com(n1)', why: 'a trailing comment' },
  { input: 'victim@example.com,other@example.com', why: 'a comma (an address list)' },
  { input: 'victim@example.com;other@example.com', why: 'a semicolon' },
  { input: 'n1:victim@example.com;', why: 'a group' },
  { input: 'ana @example.com', why: 'a space before @' },
  { input: 'ana@exa mple.com', why: 'a space in the domain' },
  { input: 'ana\t@example.com', why: 'a tab' },
  { input: 'ana/x@example.com', why: "a '/' (not a document id)" },
  { input: 'ana\\x@example.com', why: 'a backslash' },
  { input: 'a!b@example.com', why: "a '!' (bang path)" },
  { input: 'a%b@example.com', why: "a '%' (source routing)" },
  { input: '.ana@example.com', why: 'a leading dot' },
  { input: 'ana.@example.com', why: 'a trailing dot in the local part' },
  { input: 'an..a@example.com', why: 'two dots in a row' },
  { input: 'ana@example..com', why: 'an empty domain label' },
  { input: 'ana@-example.com', why: 'a label starting with a hyphen' },
  { input: 'ana@example-.com', why: 'a label ending with a hyphen' },
  { input: 'ana@[192.0.2.1]', why: 'an address literal' },
  { input: 'ana@example.com.', why: 'a trailing dot in the domain' },
  {
    input: at('a'.repeat(MAX_EMAIL_LENGTH - '@example.com'.length + 1)),
    why: `longer than ${MAX_EMAIL_LENGTH}`,
  },
];
