// The signups the view's tests share: the list's own order is newest first, undated last.
import { DEFAULT_SIGNUP_VIEW, type SignupView } from './view';

export const view = (change: Partial<SignupView>): SignupView => ({ ...DEFAULT_SIGNUP_VIEW, ...change });

/** A view that sets every setting. */
export const fullView: SignupView = {
  sort: { key: 'location', direction: 'desc' },
  search: 'Multi city & kids?',
  answers: { travelFrequency: 'Monthly or more', contentCreator: 'N/A' },
  from: '2026-11-01',
  to: '2026-11-30',
  timeZone: 'Europe/Lisbon',
  countries: ['Portugal', 'United States'],
  confirmed: 'unconfirmed',
  referred: 'referred',
  hasReferrals: true,
  invite: 'joined',
  source: 'newsletter',
  campaign: '',
};
const at = (iso: string) => new Date(iso);

export const ana = {
  id: 'ana@example.com',
  email: 'ana@example.com',
  travelFrequency: 'Monthly or more',
  contentCreator: 'Yes',
  suggestionsFeedback: 'Please support Multi-City trips',
  location: { city: 'Lisbon', region: 'Lisbon', country: 'Portugal', country_code: 'PT' },
  timestamp: at('2026-11-20T09:00:00Z'),
  confirmedAt: at('2026-11-20T10:00:00Z'),
  confirmedReferrals: 2,
  inviteStatus: 'invited',
  utmSource: 'newsletter',
  utmCampaign: 'launch',
};
export const bo = {
  id: 'bo@example.com',
  email: 'bo@example.com',
  travelFrequency: 'Once a year',
  contentCreator: 'N/A',
  aiTool: 'Perplexity',
  location: 'Austin, Texas, United States',
  referredBy: 'ana@example.com',
  confirmedReferrals: 0,
  timestamp: at('2026-11-21T23:30:00Z'),
  utmSource: 'newsletter',
};
export const cy = {
  id: 'cy@example.com',
  email: 'cy@example.com',
  travelFrequency: 'Monthly or more',
  location: { city: 'Tokyo', country_name: 'Japan', country: 'JP' },
  referredBy: 'ana@example.com',
  inviteStatus: 'joined',
  timestamp: at('2026-11-22T00:10:00Z'),
  utmSource: 'podcast',
  utmCampaign: 'launch',
};
export const dee = { id: 'dee@example.com', email: 'dee@example.com', workEmail: '  ' }; // no date, no location
export const rows = [cy, bo, ana, dee]; // the list's own order: newest first, undated last

export const emails = (list: ReadonlyArray<{ email: string }>) => list.map((row) => row.email);
