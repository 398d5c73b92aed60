// A signup's attribution (the UTM parameters, the referring host, the landing path): a visitor's browser
// writes it with the write that creates the signup, each value checked against the registry's pattern
// and limit; a repeat signup (an update) may neither set nor change it.
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  ATTRIBUTION_SIGNUP_FIELDS,
  MAX_LANDING_PATH_LENGTH,
  MAX_REFERRER_HOST_LENGTH,
  MAX_UTM_LENGTH,
  type AttributionField,
} from '@silk/schema/signup-fields';
import { doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { db, EXISTING_SIGNUP, landingWrite } from './fixtures';

const SIGNUPS = COLLECTIONS.waitlistSignups;

const ATTRIBUTION: Record<AttributionField, string> = {
  utmSource: 'newsletter',
  utmMedium: 'email',
  utmCampaign: 'launch (spring)',
  utmTerm: 'ai travel',
  utmContent: 'hero|link',
  referrerHost: 'news.example.com',
  landingPath: '/',
};

/** The longest value each field accepts. */
const LONGEST: Record<AttributionField, string> = {
  utmSource: 'a'.repeat(MAX_UTM_LENGTH),
  utmMedium: 'b'.repeat(MAX_UTM_LENGTH),
  utmCampaign: 'c'.repeat(MAX_UTM_LENGTH),
  utmTerm: 'd'.repeat(MAX_UTM_LENGTH),
  utmContent: 'e'.repeat(MAX_UTM_LENGTH),
  referrerHost: 'h'.repeat(MAX_REFERRER_HOST_LENGTH),
  landingPath: `/${'p'.repeat(MAX_LANDING_PATH_LENGTH - 1)}`,
};

/** A value of each field with a character its pattern refuses. */
const BAD_CHARACTERS: Record<AttributionField, string[]> = {
  utmSource: ['<script>', 'news\nletter', 'café'],
  utmMedium: ['e"mail'],
  utmCampaign: ['launch;drop'],
  utmTerm: ['100%'],
  utmContent: ['a=b'],
  referrerHost: ['News.Example.com', 'news.example.com:8080', '-news.example.com', 'news example.com'],
  landingPath: ['no-slash', '/page?utm_source=x', '/page#top', '/pa ge'],
};

const fields = ATTRIBUTION_SIGNUP_FIELDS.map(({ key }) => key);

const stored = async (env: RulesTestEnvironment, email: string) => {
  let data: Record<string, unknown> | undefined;
  await env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, SIGNUPS, email))).data();
  });
  return data;
};

const createWith = (env: RulesTestEnvironment, email: string, attribution: Record<string, unknown>) =>
  setDoc(
    doc(db(env, 'visitor'), SIGNUPS, email),
    { ...landingWrite(email), ...attribution },
    { merge: true },
  );

export function attributionCases(env: () => RulesTestEnvironment): void {
  describe('waitlist_signups attribution: written once, with the signup, as the registry allows', () => {
    it('a visitor creates a signup with every attribution field, and with each at its longest', async () => {
      await assertSucceeds(createWith(env(), 'attributed@example.com', ATTRIBUTION));
      expect(await stored(env(), 'attributed@example.com')).toMatchObject(ATTRIBUTION);
      await assertSucceeds(createWith(env(), 'longest@example.com', LONGEST));
      expect(await stored(env(), 'longest@example.com')).toMatchObject(LONGEST);
    });

    it.each(fields)('refuses %s with a refused character, over its limit, empty or not text', async (key) => {
      const over = key === 'landingPath' ? `${LONGEST[key]}p` : `${LONGEST[key]}x`;
      const refused: unknown[] = [...BAD_CHARACTERS[key], over, '', 42, { value: 'x' }, ['x'], null];
      for (const [index, value] of refused.entries()) {
        const email = `refused-${key.toLowerCase()}-${index}@example.com`;
        await assertFails(createWith(env(), email, { ...ATTRIBUTION, [key]: value }));
        expect(await stored(env(), email), `${key} = ${JSON.stringify(value)}`).toBeUndefined();
      }
    });

    it('keeps a repeat signup from setting attribution the signup did not have', async () => {
      for (const key of fields) {
        await assertFails(
          setDoc(
            doc(db(env(), 'visitor'), SIGNUPS, EXISTING_SIGNUP),
            { ...landingWrite(EXISTING_SIGNUP, null), [key]: ATTRIBUTION[key] },
            { merge: true },
          ),
        );
      }
      const after = await stored(env(), EXISTING_SIGNUP);
      for (const key of fields) expect(after?.[key], key).toBeUndefined();
      // The landing fields alone are a repeat signup's write.
      await assertSucceeds(
        setDoc(doc(db(env(), 'visitor'), SIGNUPS, EXISTING_SIGNUP), landingWrite(EXISTING_SIGNUP, null), {
          merge: true,
        }),
      );
    });

    it('keeps a repeat signup from changing or removing the first visit’s attribution', async () => {
      const email = 'first-touch@example.com';
      await assertSucceeds(createWith(env(), email, ATTRIBUTION));
      // The same session signing up again sends the same values: nothing of them changes.
      await assertSucceeds(createWith(env(), email, ATTRIBUTION));
      for (const key of fields) {
        await assertFails(createWith(env(), email, { ...ATTRIBUTION, [key]: LONGEST[key] }));
      }
      const { deleteField } = await import('firebase/firestore');
      await assertFails(createWith(env(), email, { ...ATTRIBUTION, utmSource: deleteField() }));
      expect(await stored(env(), email)).toMatchObject(ATTRIBUTION);
    });
  });
}
