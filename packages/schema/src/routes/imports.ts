// The Admin's CSV imports.
import type {
  ImportChunkRequest,
  ImportChunkResponse,
  ImportListResponse,
  ImportStartRequest,
  ImportStartResponse,
} from '../import-api';
import { adminTool, defineRoutes, route, staffLimits } from './route';

const IMPORTS_ADMIN = adminTool('manageImports');

export const IMPORT_ROUTES = defineRoutes('imports', {
  /** An Admin starts a CSV import, or resumes it (the same import id). */
  importStart: route<ImportStartRequest, ImportStartResponse>()({
    path: '/api/import/start',
    ...IMPORTS_ADMIN,
    audit: ['import.started'],
  }),
  /** One chunk of an import's rows (at most IMPORT_CHUNK_ROWS), written once. */
  importChunk: route<ImportChunkRequest, ImportChunkResponse>()({
    path: '/api/import/chunk',
    ...IMPORTS_ADMIN,
    rateLimits: staffLimits('importRows', 'importRows:caller'),
    maxBodyBytes: 1024 * 1024,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  importList: route<Record<string, never>, ImportListResponse>()({
    path: '/api/import/list',
    ...IMPORTS_ADMIN,
  }),
});
