import { describe, expect, it } from 'vitest';
import { benchNames } from './bench-names';

describe('benchNames', () => {
  it('lists every bench/<name>.ts but the runner', () => {
    expect(benchNames()).toEqual(expect.arrayContaining(['admin', 'coldstart', 'export', 'site']));
    expect(benchNames()).not.toContain('run');
  });
});
