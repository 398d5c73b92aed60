import { describe, expect, it } from 'vitest';
import { isDisposableAddress } from './disposable';

describe('isDisposableAddress', () => {
  it('knows the npm list, its subdomains and the configured extra domains', () => {
    expect(isDisposableAddress('someone@mailinator.com', [])).toBe(true);
    expect(isDisposableAddress('someone@eu.mailinator.com', [])).toBe(true);
    expect(isDisposableAddress('someone@fresh-throwaway.example', ['fresh-throwaway.example'])).toBe(true);
  });

  it('lets ordinary domains through', () => {
    expect(isDisposableAddress('someone@gmail.com', [])).toBe(false);
    expect(isDisposableAddress('someone@silk.travel', ['fresh-throwaway.example'])).toBe(false);
    expect(isDisposableAddress('someone@com', [])).toBe(false);
  });
});
