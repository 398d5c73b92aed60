// The one place that reads import.meta.env: validated once with the shared client schema.
import { parseClientEnv, type ClientConfig } from '@silk/data-access/config';

export const env: ClientConfig = parseClientEnv(import.meta.env as unknown as Record<string, unknown>);
