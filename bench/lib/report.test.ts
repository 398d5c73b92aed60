import { describe, expect, it } from 'vitest';
import { addFigures, type Measurement } from './report';

const measurement = (key: string, value: number): Measurement => ({
  key,
  metric: key,
  value,
  unit: '',
  kind: 'max',
});

describe('addFigures', () => {
  it('nests each value at its dotted key, across several tables of one run', () => {
    const figures = addFigures({}, [measurement('/.tbtMs', 20), measurement('/.initialJsKb', 41.5)]);
    addFigures(figures, [measurement('/waitlist.tbtMs', 10), measurement('bundleKb', 200)]);
    expect(figures).toEqual({
      '/': { tbtMs: 20, initialJsKb: 41.5 },
      '/waitlist': { tbtMs: 10 },
      bundleKb: 200,
    });
  });

  it('refuses a key reported twice or a figure used as a section', () => {
    expect(() => addFigures({ seconds: 1 }, [measurement('seconds', 2)])).toThrow('reported twice');
    expect(() => addFigures({ seconds: 1 }, [measurement('seconds.p95', 2)])).toThrow(
      'already holds a figure',
    );
  });
});
