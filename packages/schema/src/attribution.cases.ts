// A signup's attribution with every field set (the UTM parameters, the referring host, the landing path):
// the admin table's and the spreadsheet's tests show and write the same campaign visit.
import type { AttributionField } from './signup-fields';

export const FULL_ATTRIBUTION: Readonly<Record<AttributionField, string>> = {
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'launch',
  utmTerm: 'ai travel',
  utmContent: 'hero',
  referrerHost: 'news.example.com',
  landingPath: '/',
};
