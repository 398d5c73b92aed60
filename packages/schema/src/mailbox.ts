// One mailbox, however its address is spelled: the identity every per-person rule counts by (rate
// limits, the mail budget, the suppression list, the same-person rule, the referral caps and the
// credit-once memory). Only for keys and comparisons: mail is sent to the address as typed (normalised).
// The table's sources are listed in docs/decisions.md ("Mailbox identity").
import { normalizeEmail } from './validators';

/** How a provider's addresses fold onto one mailbox. */
export interface MailboxProvider {
  /** The domain every domain of the family folds to (`googlemail.com` → `gmail.com`). */
  canonical: string;
  /** The character that starts a tag the provider ignores (`jane+news@…`); null: none. */
  tag: '+' | '-' | null;
  /** Dots in the local part are ignored (`j.ane` = `jane`). */
  dotless?: boolean;
  /** Subdomain addressing: `anything@jane.<domain>` is `jane@<domain>`. */
  subdomainUser?: boolean;
}

const gmail: MailboxProvider = { canonical: 'gmail.com', tag: '+', dotless: true };
const proton: MailboxProvider = { canonical: 'proton.me', tag: '+' };
const icloud: MailboxProvider = { canonical: 'icloud.com', tag: '+' };
const own = (canonical: string, rest: Omit<MailboxProvider, 'canonical'>): MailboxProvider => ({
  canonical,
  ...rest,
});

/**
 * The providers whose rules differ from the default, by domain (punycode, lower case). Microsoft's
 * consumer domains are separate mailboxes of one provider (jane@outlook.com is not jane@hotmail.com), so
 * each folds only its own tags; Fastmail's two domains are separate accounts too.
 */
export const MAILBOX_PROVIDERS: Readonly<Record<string, MailboxProvider>> = {
  'gmail.com': gmail,
  'googlemail.com': gmail,
  'proton.me': proton,
  'protonmail.com': proton,
  'protonmail.ch': proton,
  'pm.me': proton,
  'icloud.com': icloud,
  'me.com': icloud,
  'mac.com': icloud,
  'outlook.com': own('outlook.com', { tag: '+' }),
  'hotmail.com': own('hotmail.com', { tag: '+' }),
  'live.com': own('live.com', { tag: '+' }),
  'msn.com': own('msn.com', { tag: '+' }),
  'fastmail.com': own('fastmail.com', { tag: '+', subdomainUser: true }),
  'fastmail.fm': own('fastmail.fm', { tag: '+', subdomainUser: true }),
  // Yahoo's disposable addresses are `basename-keyword@yahoo.com`; it has no `+` tags.
  'yahoo.com': own('yahoo.com', { tag: '-' }),
};

/** Any other domain: `+` tags, which Google Workspace, Microsoft 365, Fastmail and most hosts deliver to the mailbox. */
const DEFAULT_PROVIDER: Omit<MailboxProvider, 'canonical'> = { tag: '+' };

/** A domain in its ASCII (punycode) form, so `bücher.test` and `xn--bcher-kva.test` are one domain. */
export function asciiDomain(domain: string): string {
  if (/^[\x21-\x7e]*$/.test(domain)) return domain;
  try {
    return new URL(`http://${domain}/`).hostname;
  } catch {
    return domain;
  }
}

/** The provider and the user part of a subdomain-addressed domain (`jane.fastmail.com` → jane, fastmail.com). */
function providerOf(domain: string): { provider: MailboxProvider; subdomainUser?: string } {
  const exact = MAILBOX_PROVIDERS[domain];
  if (exact) return { provider: exact };
  const dot = domain.indexOf('.');
  const parent = dot > 0 ? MAILBOX_PROVIDERS[domain.slice(dot + 1)] : undefined;
  if (parent?.subdomainUser) return { provider: parent, subdomainUser: domain.slice(0, dot) };
  return { provider: { canonical: domain, ...DEFAULT_PROVIDER } };
}

/**
 * The mailbox an address delivers to: `J.Ane+x@GoogleMail.com` → `jane@gmail.com`,
 * `news@jane.fastmail.com` → `jane@fastmail.com`, `a@bücher.test` → `a@xn--bcher-kva.test`.
 */
export function mailboxKey(email: string): string {
  const address = normalizeEmail(email);
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const { provider, subdomainUser } = providerOf(asciiDomain(address.slice(at + 1)));
  let local = subdomainUser ?? address.slice(0, at);
  if (provider.tag) local = local.split(provider.tag)[0] || local;
  if (provider.dotless) local = local.replaceAll('.', '');
  return `${local}@${provider.canonical}`;
}
