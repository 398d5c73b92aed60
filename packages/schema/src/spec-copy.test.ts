import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const shared = join(root, '..', 'shared');

describe('vendored specification', () => {
  it.runIf(existsSync(join(shared, 'SPEC.md')))('docs/SPEC.md matches ../shared/SPEC.md', () => {
    expect(readFileSync(join(root, 'docs', 'SPEC.md'), 'utf8')).toBe(
      readFileSync(join(shared, 'SPEC.md'), 'utf8'),
    );
  });
});
