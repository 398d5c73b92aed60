import { describe, expect, it } from 'vitest';
import { addFigures, budgetsCount, CALIBRATION_CHECKSUM, calibrationWorkload, machine, type Measurement } from './report';

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

describe('machine', () => {
  it('names the CPU, its cores, the load and the calibration time', () => {
    const block = machine(1);
    expect(block).toEqual({
      cpuModel: expect.any(String),
      cores: expect.any(Number),
      loadAverage: { oneMinute: expect.any(Number), fiveMinutes: expect.any(Number), fifteenMinutes: expect.any(Number) },
      calibrationMs: expect.any(Number),
      node: process.version,
      budgetsCount: expect.any(String),
    });
    expect(block.cpuModel).not.toBe('');
    expect(Number.isInteger(block.cores) && block.cores >= 1).toBe(true);
    expect(block.calibrationMs).toBeGreaterThan(0);
  });

  it('calibrates with a workload that always computes the same', () => {
    expect(calibrationWorkload()).toBe(CALIBRATION_CHECKSUM);
    expect(calibrationWorkload(1_000)).toBe(calibrationWorkload(1_000));
  });
});

describe('budgetsCount', () => {
  it('counts the budgets only while the 1-minute load stays below the core count', () => {
    expect(budgetsCount({ cores: 2, oneMinuteLoad: 1.99 })).toBe('yes');
    expect(budgetsCount({ cores: 2, oneMinuteLoad: 2 })).toBe(
      'no: the 1-minute load average was 2, not below the 2 cores',
    );
    expect(budgetsCount({ cores: 8, oneMinuteLoad: 7.5 })).toBe('yes');
  });
});
