// How the functions' tests expect a refusal: its status and the body {error: message}; and the refusals
// of the request guards every function shares (http/http.ts).
import * as messages from '@silk/schema/messages';
import { expect } from 'vitest';

export type Refusal = readonly [status: number, message: string];

export const GUARD_REFUSALS = {
  method: [405, messages.METHOD_NOT_ALLOWED],
  mediaType: [415, messages.UNSUPPORTED_MEDIA_TYPE],
  tooLarge: [413, messages.PAYLOAD_TOO_LARGE],
  malformedJson: [400, messages.INVALID_JSON],
  notAnObject: [400, messages.INVALID_REQUEST_BODY],
  foreignOrigin: [403, messages.ORIGIN_NOT_ALLOWED],
} as const satisfies Record<string, Refusal>;

export function expectRefusal(response: { status: number; body: unknown }, [status, message]: Refusal): void {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error: message });
}
