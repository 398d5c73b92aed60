// The Admin's CSV imports.
import type {
  ImportChunkRequest,
  ImportChunkResponse,
  ImportListResponse,
  ImportStartRequest,
  ImportStartResponse,
} from '../import-api';
import { MANAGE_TEAM_LIMITS, adminOnly, defineRoutes, route, staffLimits } from './route';

export const IMPORT_ROUTES = defineRoutes('imports', {
  /** An Admin starts a CSV import, or resumes it (the same import id). */
  importStart: route<ImportStartRequest, ImportStartResponse>()({
    path: '/api/import/start',
    hosting: 'admin',
    access: adminOnly('manageImports'),
    rateLimits: MANAGE_TEAM_LIMITS,
    audit: ['import.started'],
  }),
  /** One chunk of an import's rows (at most IMPORT_CHUNK_ROWS), written once. */
  importChunk: route<ImportChunkRequest, ImportChunkResponse>()({
    path: '/api/import/chunk',
    hosting: 'admin',
    access: adminOnly('manageImports'),
    rateLimits: staffLimits('importRows', 'importRows:caller'),
    maxBodyBytes: 1024 * 1024,
    secrets: ['MAIL_TOKEN_SECRET'],
  }),
  importList: route<Record<string, never>, ImportListResponse>()({
    path: '/api/import/list',
    hosting: 'admin',
    access: adminOnly('manageImports'),
    rateLimits: MANAGE_TEAM_LIMITS,
  }),
});
