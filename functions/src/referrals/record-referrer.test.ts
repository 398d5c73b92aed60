import { describe, expect, it } from 'vitest';
import type { HttpRequest } from '../http/http';
import { refererCode } from './record-referrer';

const ORIGINS = ['https://silk.travel', 'http://127.0.0.1:*'];
const from = (referer?: string) => ({ headers: referer === undefined ? {} : { referer } }) as HttpRequest;

describe('refererCode (the no-JavaScript form)', () => {
  it('reads the ref of one of our pages', () => {
    expect(refererCode(from('https://silk.travel/?ref=abcd2345'), ORIGINS)).toBe('abcd2345');
    expect(refererCode(from('https://silk.travel/?utm=x&ref=ABCD2345 '), ORIGINS)).toBe('abcd2345');
    expect(refererCode(from('http://127.0.0.1:5000/?ref=abcd2345'), ORIGINS)).toBe('abcd2345');
  });

  it('ignores another site, a malformed code, no code and no header', () => {
    expect(refererCode(from('https://evil.example/?ref=abcd2345'), ORIGINS)).toBeNull();
    expect(refererCode(from('https://silk.travel/?ref=abcd234'), ORIGINS)).toBeNull();
    expect(refererCode(from('https://silk.travel/?ref=abcd234l'), ORIGINS)).toBeNull();
    expect(refererCode(from('https://silk.travel/'), ORIGINS)).toBeNull();
    expect(refererCode(from('not a url'), ORIGINS)).toBeNull();
    expect(refererCode(from(), ORIGINS)).toBeNull();
  });
});
