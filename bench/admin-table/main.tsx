// Benchmark harness (bench/admin.ts, phase 2): the panel's real Waitlist Signups tab (toolbar and the
// virtualised table) fed with rows as the live subscription hands them over, at a row count the
// Firestore emulator cannot stream to a browser (firebase-tools#5197: ~10,000 documents per listen).
// The rows are the emulator's own, read back with firebase-admin and served as JSON by the benchmark.
import { mark, SIGNUPS_RECEIVED_MARK } from '@silk/admin/perf-marks';
import { SignupsTab } from '@silk/admin/signups-tab';
import '@silk/admin/styles.css';
import type { WaitlistSignupRow } from '@silk/data-access/signups';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

declare global {
  interface Window {
    /** Fetches the rows, then hands them to the tab exactly as the subscription's onRows does. */
    deliverSignups: (url: string) => Promise<number>;
  }
}

/**
 * Stands in for Firestore's Timestamp (the JSON carries epoch milliseconds): like the real class, one
 * small object per signup with its methods on the prototype.
 */
class BenchTimestamp {
  constructor(private readonly millis: number) {}
  toMillis(): number {
    return this.millis;
  }
  toDate(): Date {
    return new Date(this.millis);
  }
}

function toRow(record: Record<string, unknown>): WaitlistSignupRow {
  const millis = record.timestamp as number | null;
  const timestamp = millis === null ? undefined : new BenchTimestamp(millis);
  return { ...(record as unknown as WaitlistSignupRow), timestamp };
}

function Harness() {
  const [rows, setRows] = useState<WaitlistSignupRow[] | null>(null);
  useEffect(() => {
    window.deliverSignups = async (url) => {
      const records = (await (await fetch(url)).json()) as Array<Record<string, unknown>>;
      const converted = records.map(toRow);
      mark(SIGNUPS_RECEIVED_MARK);
      setRows(converted);
      return converted.length;
    };
  }, []);
  return (
    <main className="panel__content" style={{ height: '100vh' }}>
      <SignupsTab signups={rows} />
    </main>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(<Harness />);
