import { describe, expect, it } from 'vitest';
import { WEBHOOK_REQUEST_INVALID } from './messages';
import {
  webhookListRequestSchema,
  webhookRedeliverRequestSchema,
  webhookRemoveRequestSchema,
  webhookSaveRequestSchema,
} from './webhook-api';

const valid = { url: 'https://hooks.example.com/in', events: ['signup.created'] };

describe('the webhook request schemas', () => {
  it('take a new endpoint with defaults', () => {
    expect(webhookSaveRequestSchema.parse({ ...valid, url: ' https://hooks.example.com/in ' })).toEqual({
      ...valid,
      enabled: true,
      description: '',
    });
  });

  it('take a Slack or Discord alert with its kind and alert events (the server checks they agree)', () => {
    for (const kind of ['slack', 'discord'] as const) {
      const body = { ...valid, kind, events: ['signup.created', 'signups.milestone', 'delivery.failed'] };
      expect(webhookSaveRequestSchema.parse(body)).toEqual({ ...body, enabled: true, description: '' });
    }
  });

  it.each([
    ['no URL', { ...valid, url: '' }],
    ['a URL that is not a string', { ...valid, url: 42 }],
    ['a URL too long', { ...valid, url: `https://x.example/${'a'.repeat(2000)}` }],
    ['no event', { ...valid, events: [] }],
    ['an unknown event', { ...valid, events: ['signup.deleted'] }],
    ['events that are not a list', { ...valid, events: 'signup.created' }],
    ['an event twice', { ...valid, events: ['signup.created', 'signup.created'] }],
    ['enabled that is not a boolean', { ...valid, enabled: 'yes' }],
    ['a description too long', { ...valid, description: 'a'.repeat(201) }],
    ['an id with a slash', { ...valid, id: 'a/b' }],
    ['an id that is not a string', { ...valid, id: 7 }],
    ['an unknown kind', { ...valid, kind: 'teams' }],
  ])('refuse %s with the one message', (_name, body) => {
    const result = webhookSaveRequestSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(WEBHOOK_REQUEST_INVALID);
    expect(new Set(result.error?.issues.map((issue) => issue.message))).toEqual(
      new Set([WEBHOOK_REQUEST_INVALID]),
    );
  });

  it('refuse bad ids of the other routes with the same message', () => {
    for (const [schema, body] of [
      [webhookRemoveRequestSchema, { id: '' }],
      [webhookRemoveRequestSchema, {}],
      [webhookListRequestSchema, { endpointId: 'a b' }],
      [webhookRedeliverRequestSchema, { deliveryId: 'x/y' }],
      [webhookRedeliverRequestSchema, { deliveryId: 3 }],
    ] as const) {
      const result = schema.safeParse(body);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([WEBHOOK_REQUEST_INVALID]);
    }
  });
});
