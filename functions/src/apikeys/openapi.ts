// The OpenAPI 3.1 document of the public API, generated from the same zod schemas the frame parses the
// requests with (@silk/schema/public-api, by zod's own JSON Schema output) and from the route
// declarations (path, method, scope). Every /api/v1 route must have its operation here (a test compares
// the route registry with the document); the reference page (api-reference.ts) shows this document.
import { API_ROUTES, type FunctionId } from '@silk/schema/api-routes';
import { REQUEST_SCHEMAS } from '@silk/schema/api-schemas';
import { DEFAULT_API_KEY_RATE_PER_MINUTE, PUBLIC_API_BASE } from '@silk/schema/api-keys';
import {
  apiErrorSchema,
  apiHookSubscribeAnswerSchema,
  apiHookUnsubscribeAnswerSchema,
  apiSignupAddAnswerSchema,
  apiSignupListAnswerSchema,
  apiSubscriberStatusAnswerSchema,
} from '@silk/schema/public-api';
import * as z from 'zod';

/** The public API's operations: each /api/v1 route, its summary, its 200 answer and its other answers. */
export const PUBLIC_OPERATIONS = {
  apiV1SignupAdd: {
    summary: 'Add a signup',
    description:
      "Adds an address to the waitlist as the site's form does: the same confirmation e-mail, the same limit per address and the same global ceiling. A repeat signup changes nothing but is answered the same.",
    answer: apiSignupAddAnswerSchema,
    refusals: [400, 401, 403, 429],
  },
  apiV1SignupList: {
    summary: 'List and search signups',
    description:
      "A page of signups in address order, optionally only addresses starting with `search`; pass the answer's `next` as `cursor` for the next page.",
    answer: apiSignupListAnswerSchema,
    refusals: [400, 401, 403, 429],
  },
  apiV1SubscriberStatus: {
    summary: "A subscriber's place and status",
    description:
      "The signup's place in line under the ranking rule in force, its subscription's state, its confirmed referrals and its invitation status.",
    answer: apiSubscriberStatusAnswerSchema,
    refusals: [400, 401, 403, 404, 429],
  },
  apiV1HookSubscribe: {
    summary: 'Subscribe a URL to events (REST hook)',
    description:
      'Each event is POSTed to the URL with Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) signed with the answered secret, and retried on failure.',
    answer: apiHookSubscribeAnswerSchema,
    refusals: [400, 401, 403, 429],
  },
  apiV1HookUnsubscribe: {
    summary: 'Unsubscribe a REST hook',
    description: 'Removes a hook this key subscribed; deliveries still waiting stop.',
    answer: apiHookUnsubscribeAnswerSchema,
    refusals: [400, 401, 403, 404, 429],
  },
} as const satisfies Partial<Record<FunctionId, PublicOperation>>;

interface PublicOperation {
  summary: string;
  description: string;
  answer: z.ZodType;
  refusals: readonly number[];
}

const REFUSAL_TEXT: Record<number, string> = {
  400: 'The request does not match its schema (the message says which part).',
  401: 'No API key, or an unknown or revoked one.',
  403: 'The key does not hold the scope this operation needs.',
  404: 'Not found.',
  429: "The key's rate per minute, the address's limit or the signups' ceiling is reached.",
};

/** A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect), as a request or as an answer. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

export function openApiDocument() {
  const paths: Record<string, unknown> = {};
  for (const [functionId, operation] of Object.entries(PUBLIC_OPERATIONS) as [
    keyof typeof PUBLIC_OPERATIONS,
    PublicOperation,
  ][]) {
    const route = API_ROUTES[functionId];
    const responses: Record<string, unknown> = {
      200: {
        description: 'Done.',
        content: { 'application/json': { schema: jsonSchema(operation.answer, 'output') } },
      },
    };
    for (const status of operation.refusals) {
      responses[status] = {
        description: REFUSAL_TEXT[status],
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    }
    paths[route.path.slice(PUBLIC_API_BASE.length)] = {
      post: {
        operationId: functionId,
        summary: operation.summary,
        description: `${operation.description}\n\nScope: \`${route.access.scope}\`.`,
        security: [{ apiKey: [route.access.scope] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: jsonSchema(REQUEST_SCHEMAS[functionId], 'input') } },
        },
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Silk public API',
      version: '1',
      description: `Calls carry \`Authorization: Bearer <API key>\`; an Admin creates keys in the admin panel (API keys), each with its scopes and its rate (by default ${DEFAULT_API_KEY_RATE_PER_MINUTE} requests a minute). Every refusal is \`{ "error": "…" }\` with its status.`,
    },
    servers: [{ url: PUBLIC_API_BASE }],
    paths,
    components: {
      securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'An API key (silk_…).' } },
      schemas: { Error: jsonSchema(apiErrorSchema, 'output') },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
