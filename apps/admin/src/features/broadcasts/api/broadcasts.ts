// The Broadcasts tab's calls: the list with figures, the reach of a segment, a test to oneself, the send.
import type { BroadcastSegment, BroadcastView } from '@silk/schema/broadcasts';
import { callBroadcasts } from '@silk/data-access/broadcasts';
import { adminServices } from '@/lib/services';

export async function loadBroadcasts(): Promise<BroadcastView[]> {
  return (await callBroadcasts(adminServices(), 'broadcastList', {})).broadcasts;
}

export async function countReach(segment: BroadcastSegment): Promise<number> {
  return (await callBroadcasts(adminServices(), 'broadcastReach', { segment })).count;
}

export async function sendTest(subject: string, markdown: string): Promise<string> {
  return (await callBroadcasts(adminServices(), 'broadcastTest', { subject, markdown })).message;
}

export async function sendBroadcast(request: {
  subject: string;
  markdown: string;
  segment: BroadcastSegment;
  sendAt?: number;
  requestId: string;
}): Promise<string> {
  return (await callBroadcasts(adminServices(), 'broadcastSend', request)).message;
}

/** One id per composed broadcast: a double click or a retry sends it once. */
export function newRequestId(): string {
  return crypto.randomUUID();
}
