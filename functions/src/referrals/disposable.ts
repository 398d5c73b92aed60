// Throwaway mail domains: the maintained npm list (disposable-email-domains, loaded on first use: it
// holds over 100,000 names) plus the configured extra ones (REFERRAL_EXTRA_DISPOSABLE_DOMAINS, for an
// update without a release). A subdomain of a listed domain is throwaway too.
import { createRequire } from 'node:module';

let listed: Set<string> | null = null;

function listedDomains(): Set<string> {
  if (!listed) {
    const load = createRequire(import.meta.url);
    listed = new Set(load('disposable-email-domains') as string[]);
  }
  return listed;
}

export function isDisposableAddress(email: string, extraDomains: readonly string[]): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  const labels = domain.split('.');
  for (let start = 0; start < labels.length - 1; start += 1) {
    const candidate = labels.slice(start).join('.');
    if (extraDomains.includes(candidate) || listedDomains().has(candidate)) return true;
  }
  return false;
}
