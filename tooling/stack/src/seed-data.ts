// Realistic waitlist signups for local development and benchmarks (deterministic: seeded PRNG): the
// landing record of @silk/schema/signup-record, and for about half of them an answer to every feedback
// question of the signup fields registry (from its choices where it has them).
import { NOT_AVAILABLE } from '@silk/schema/constants';
import { AUSTIN, LISBON } from '@silk/schema/locations-cases';
import {
  FEEDBACK_FIELDS,
  feedbackQuestion,
  signupField,
  type FeedbackField,
  type FeedbackFields,
} from '@silk/schema/signup-fields';
import { landingRecord, UNKNOWN_LOCATION, type LandingRecord } from '@silk/schema/signup-record';

const FIRST = [
  'ana',
  'liam',
  'maya',
  'noah',
  'zoe',
  'omar',
  'ines',
  'kenji',
  'lucia',
  'arjun',
  'freya',
  'tomas',
  'amara',
  'yusuf',
  'chloe',
  'mateo',
  'priya',
  'sven',
  'leila',
  'hugo',
  'aiko',
  'diego',
  'nora',
  'felix',
];
const LAST = [
  'silva',
  'nguyen',
  'okafor',
  'muller',
  'rossi',
  'tanaka',
  'garcia',
  'kowalski',
  'haddad',
  'patel',
  'dubois',
  'larsen',
  'moreau',
  'kim',
  'novak',
  'costa',
  'ibrahim',
  'walsh',
  'sato',
  'berg',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'proton.me', 'icloud.com', 'yahoo.com', 'fastmail.com'];
const WORK_DOMAINS = ['acme.io', 'globex.com', 'initech.co', 'umbrella.travel', 'hooli.com'];
const PLACES = [
  LISBON,
  AUSTIN,
  {
    city: 'Berlin',
    region: 'Berlin',
    country: 'Germany',
    country_code: 'DE',
    latitude: 52.52,
    longitude: 13.405,
  },
  {
    city: 'Tokyo',
    region: 'Tokyo',
    country: 'Japan',
    country_code: 'JP',
    latitude: 35.6762,
    longitude: 139.6503,
  },
  {
    city: 'Lagos',
    region: 'Lagos',
    country: 'Nigeria',
    country_code: 'NG',
    latitude: 6.5244,
    longitude: 3.3792,
  },
  {
    city: 'Toronto',
    region: 'Ontario',
    country: 'Canada',
    country_code: 'CA',
    latitude: 43.6532,
    longitude: -79.3832,
  },
  {
    city: 'Sydney',
    region: 'New South Wales',
    country: 'Australia',
    country_code: 'AU',
    latitude: -33.8688,
    longitude: 151.2093,
  },
  {
    city: 'Mexico City',
    region: 'CDMX',
    country: 'Mexico',
    country_code: 'MX',
    latitude: 19.4326,
    longitude: -99.1332,
  },
  {
    city: 'Mumbai',
    region: 'Maharashtra',
    country: 'India',
    country_code: 'IN',
    latitude: 19.076,
    longitude: 72.8777,
  },
  {
    city: 'Stockholm',
    region: 'Stockholm',
    country: 'Sweden',
    country_code: 'SE',
    latitude: 59.3293,
    longitude: 18.0686,
  },
];
const choices = (field: FeedbackField): readonly string[] => feedbackQuestion(field).choices ?? [];
const FREQUENCIES = choices('travelFrequency');
const FRUSTRATIONS = [
  'Juggling twenty tabs to compare flights and hotels.',
  'Prices jump the moment I decide to book.',
  'Coordinating plans with friends in a group chat is chaos.',
  'I always miss something: visas, transfers, opening hours.',
  'Rebooking after a delay takes hours on hold.',
];
const FEATURES = choices('excitedFeatures');
const AI_TOOLS = ['ChatGPT', 'Gemini', 'Perplexity', 'None', 'Claude'];
/** Campaign visits: [source, medium], a campaign, the site that linked (when any). */
const CAMPAIGN_SOURCES = [
  ['newsletter', 'email'],
  ['instagram', 'social'],
  ['tiktok', 'social'],
  ['google', 'cpc'],
  ['partner-blog', 'referral'],
] as const;
const CAMPAIGNS = ['launch', 'summer-trips', 'creators-2026', 'black-friday'];
const REFERRER_HOSTS = ['news.example.com', 'l.instagram.com', 'www.google.com', 'blog.example.org'];
const SUGGESTIONS = [
  'Please support multi-city trips with kids.',
  'Would love loyalty points to be tracked automatically.',
  'Integrate with my work calendar.',
  'Let me set a hard budget and never exceed it.',
  '',
];

/** A seeded signup: the landing record (`updatedAt` is the signup time), maybe answers and an AI tool. */
export type SeedSignup = LandingRecord<Date> & Partial<FeedbackFields> & { aiTool?: string };

/** Mulberry32: small deterministic PRNG. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function makeSignups(count: number, now = new Date(), seed = 42): SeedSignup[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  // Attribution draws from its own sequence, so adding it left every other seeded value as it was.
  const attributionRandom = prng(seed + 1);
  const pickAttribution = <T>(items: readonly T[]): T =>
    items[Math.floor(attributionRandom() * items.length)] as T;
  const sixWeeksMs = 42 * 24 * 3600 * 1000;
  return Array.from({ length: count }, (_, index) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const email = `${first}.${last}${index}@${pick(DOMAINS)}`;
    const lookupFailed = random() < 0.08;
    const place = pick(PLACES);
    const ip = lookupFailed
      ? NOT_AVAILABLE
      : `${10 + Math.floor(random() * 200)}.${Math.floor(random() * 255)}.${Math.floor(random() * 255)}.${1 + Math.floor(random() * 254)}`;
    const timestamp = new Date(now.getTime() - Math.floor(random() * sixWeeksMs));
    const signup: SeedSignup = landingRecord(
      { email, ip, location: lookupFailed ? UNKNOWN_LOCATION : place },
      () => timestamp,
    );
    // Two signups in three came from a campaign's link (all seven attribution fields), the rest direct.
    if (attributionRandom() < 0.67) {
      const [utmSource, utmMedium] = pickAttribution(CAMPAIGN_SOURCES);
      Object.assign(signup, {
        utmSource,
        utmMedium,
        utmCampaign: pickAttribution(CAMPAIGNS),
        utmTerm: `term-${Math.floor(attributionRandom() * 20)}`,
        utmContent: `variant-${Math.floor(attributionRandom() * 3)}`,
        referrerHost: pickAttribution(REFERRER_HOSTS),
        landingPath: '/',
      });
    }
    if (random() < 0.55) {
      const features = FEATURES.filter(() => random() < 0.35);
      const answers: Partial<FeedbackFields> = {
        travelFrequency: pick(FREQUENCIES),
        biggestFrustration: pick(FRUSTRATIONS),
        workEmail: random() < 0.4 ? `${first}@${pick(WORK_DOMAINS)}` : NOT_AVAILABLE,
        contentCreator: random() < 0.2 ? 'Yes' : 'No',
        excitedFeatures: features.length > 0 ? features.join(', ') : NOT_AVAILABLE,
        suggestionsFeedback: pick(SUGGESTIONS) || NOT_AVAILABLE,
        socialMedia: random() < 0.3 ? `@${first}${last}` : NOT_AVAILABLE,
      };
      // A question without a sample above (a new one): one of its choices, else a sample text.
      for (const field of FEEDBACK_FIELDS) {
        if (answers[field] !== undefined) continue;
        const options = choices(field);
        answers[field] =
          options.length > 0 ? pick(options) : `Sample ${signupField(field).column?.header ?? field}`;
      }
      Object.assign(signup, answers);
      if (random() < 0.5) signup.aiTool = pick(AI_TOOLS);
    }
    return signup;
  });
}
