// The OpenAPI document describes exactly the public API the registry declares: every /api/v1 route has
// its operation (POST, its scope as the operation's security, the request schema the frame parses with),
// no operation lacks a route; the checked-in client types are those the document makes; and the
// reference page shows every operation and the whole document.
import { PUBLIC_API_BASE } from '@silk/schema/api-keys';
import { apiRoutes } from '@silk/schema/api-routes';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, clientTypes } from '../../openapi-types';
import { referencePage } from './api-reference';
import { openApiDocument } from './openapi';

const document = openApiDocument();
const publicRoutes = apiRoutes().filter((route) => route.path.startsWith(`${PUBLIC_API_BASE}/`));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with the API key as a bearer scheme, served under the public base path', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: PUBLIC_API_BASE }]);
    expect(document.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('has one operation for every /api/v1 route of the registry, and none other', () => {
    expect(publicRoutes.length).toBeGreaterThanOrEqual(5);
    const documented = Object.keys(document.paths).map((path) => `${PUBLIC_API_BASE}${path}`);
    expect(documented.sort()).toEqual(publicRoutes.map((route) => route.path).sort());
  });

  it.each(publicRoutes.map((route) => [route.functionId, route] as const))(
    '%s: its method, scope and request schema',
    (functionId, route) => {
      const item = document.paths[route.path.slice(PUBLIC_API_BASE.length)] as Record<string, unknown>;
      expect(Object.keys(item)).toEqual(route.methods.map((method) => method.toLowerCase()));
      const operation = item.post as {
        operationId: string;
        security: Record<string, string[]>[];
        requestBody: { content: Record<string, { schema: { type: string; properties: object } }> };
        responses: Record<string, unknown>;
      };
      expect(operation.operationId).toBe(functionId);
      expect(route.access.kind).toBe('api-key');
      if (route.access.kind === 'api-key')
        expect(operation.security).toEqual([{ apiKey: [route.access.scope] }]);
      expect(operation.requestBody.content['application/json']?.schema.type).toBe('object');
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(['200', '400', '401', '403', '429']),
      );
    },
  );

  it('makes the checked-in client types (else: pnpm openapi:write)', async () => {
    expect(readFileSync(CLIENT_TYPES, 'utf8')).toBe(await clientTypes());
  });

  it('is shown on the reference page with every operation', () => {
    const page = referencePage();
    for (const route of publicRoutes) expect(page).toContain(`POST ${route.path}`);
    expect(page).toContain('OpenAPI 3.1 document');
    expect(page).toContain('&quot;openapi&quot;: &quot;3.1.0&quot;');
  });
});
