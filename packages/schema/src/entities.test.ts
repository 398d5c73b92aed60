import { describe, expect, it } from 'vitest';
import { createTeamMemberRequestSchema, subscribeRequestSchema } from './api';
import {
  FEEDBACK_FIELDS,
  faqItemSchema,
  featureSlideSchema,
  feedbackFieldsSchema,
  isAvatarImage,
  landingSignupSchema,
  newTeamMemberSchema,
  staffRecordSchema,
  testimonialSchema,
  visitorLocationSchema,
  waitlistSignupSchema,
} from './entities';

const location = { city: 'N/A', region: 'N/A', country: 'N/A', country_code: 'N/A', latitude: 'N/A', longitude: 'N/A' };

describe('entities', () => {
  it('accepts a landing signup with the fixed source', () => {
    expect(
      landingSignupSchema.safeParse({ email: 'a@b.co', source: 'Homepage Hero', ip: 'N/A', location }).success,
    ).toBe(true);
    expect(landingSignupSchema.safeParse({ email: 'a@b.co', source: 'Footer', ip: 'N/A', location }).success).toBe(
      false,
    );
  });

  it('refuses a location with an extra key or an object value', () => {
    expect(visitorLocationSchema.safeParse(location).success).toBe(true);
    expect(visitorLocationSchema.safeParse({ ...location, formula: '1+1' }).success).toBe(false);
    expect(visitorLocationSchema.safeParse({ ...location, city: { formula: '1+1' } }).success).toBe(false);
  });

  it('lists the seven feedback fields of SPEC §2', () => {
    expect(FEEDBACK_FIELDS).toEqual([
      'travelFrequency',
      'biggestFrustration',
      'workEmail',
      'contentCreator',
      'excitedFeatures',
      'suggestionsFeedback',
      'socialMedia',
    ]);
    expect(Object.keys(feedbackFieldsSchema.shape)).toEqual([...FEEDBACK_FIELDS]);
  });

  it('caps feedback text length', () => {
    const fields = Object.fromEntries(FEEDBACK_FIELDS.map((field) => [field, 'N/A']));
    expect(feedbackFieldsSchema.safeParse(fields).success).toBe(true);
    expect(feedbackFieldsSchema.safeParse({ ...fields, suggestionsFeedback: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('reads stored signups including aiTool and text locations', () => {
    const parsed = waitlistSignupSchema.parse({ email: 'a@b.co', aiTool: 'ChatGPT', location: 'Paris' });
    expect(parsed.aiTool).toBe('ChatGPT');
    expect(parsed.location).toBe('Paris');
  });

  it('defaults staff roles to empty', () => {
    expect(staffRecordSchema.parse({ username: 'ana' }).roles).toEqual([]);
  });

  it('accepts only the 15 roles for a new team member', () => {
    const member = { email: 'a@b.co', username: 'ana', password: '', roles: ['Admin', 'Staff'] };
    expect(newTeamMemberSchema.safeParse(member).success).toBe(true);
    expect(newTeamMemberSchema.safeParse({ ...member, roles: ['Root'] }).success).toBe(false);
    expect(createTeamMemberRequestSchema.safeParse({ ...member, token: 't' }).success).toBe(true);
  });

  it('validates content items', () => {
    expect(faqItemSchema.safeParse({ question: 'Q?', answer: 'A.' }).success).toBe(true);
    expect(faqItemSchema.safeParse({ question: '', answer: 'A.' }).success).toBe(false);
    expect(testimonialSchema.safeParse({ quote: 'q', author: 'a', details: 'd', avatar: 'AB' }).success).toBe(true);
    expect(featureSlideSchema.safeParse({ icon: 'i', title: 't', description: 'd', mockupImg: '/m.webp' }).success).toBe(
      true,
    );
    expect(subscribeRequestSchema.safeParse({ email: 3 }).success).toBe(false);
  });

  it('treats avatars starting with http as images, others as initials', () => {
    expect(isAvatarImage('https://cdn.example/a.png')).toBe(true);
    expect(isAvatarImage('MK')).toBe(false);
  });
});
