// Imported first by the tests of a part of the panel that calls the staff API: the panel's services and
// env, the staff token (staffClient) and the API's calls (callApi, addTeamMember, downloadWaitlist) are mocks; the rest of
// the API client (its errors) is the real one.
import type * as ApiClient from '@silk/data-access/api-client';
import { vi } from 'vitest';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@/config/env', () => ({ env: { apiBase: '/api' } }));
vi.mock('@silk/data-access/staff-client', () => ({ staffClient: vi.fn() }));
vi.mock('@silk/data-access/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  callApi: vi.fn(),
  addTeamMember: vi.fn(),
  downloadWaitlist: vi.fn(),
}));
