import { ApiError } from '@silk/data-access/api-client';
import { callApiKeys, type ApiKeyCall } from '@silk/data-access/api-keys';
import type { ApiKeyListResponse } from '@silk/schema/api-key-api';
import type { ApiKeyView } from '@silk/schema/api-keys';
import {
  API_KEY_CREATED,
  API_KEY_REQUEST_INVALID,
  API_KEY_REVOKED,
  API_KEYS_LOAD_FAILED,
  NO_API_KEYS,
} from '@silk/schema/messages';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiKeysTab } from './api-keys-tab';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/api-keys', () => ({ callApiKeys: vi.fn() }));

const list = vi.fn<(body: unknown) => Promise<ApiKeyListResponse>>();
const create = vi.fn<(body: unknown) => Promise<unknown>>();
const revoke = vi.fn<(body: unknown) => Promise<unknown>>();
const calls: Record<ApiKeyCall, (body: unknown) => Promise<unknown>> = {
  apiKeyList: list,
  apiKeyCreate: create,
  apiKeyRevoke: revoke,
};

const KEY: ApiKeyView = {
  id: 'a'.repeat(64),
  name: 'CRM sync',
  scopes: ['signups:read', 'subscribers:read'],
  hint: 'silk_AbCd',
  ratePerMinute: 60,
  createdAt: Date.UTC(2026, 0, 2),
  createdBy: 'ana@silk.travel',
  lastUsedAt: null,
  revokedAt: null,
  revokedBy: null,
};

beforeEach(() => {
  vi.resetAllMocks();
  vi.mocked(callApiKeys).mockImplementation(((_services: unknown, id: ApiKeyCall, body: unknown) =>
    calls[id](body)) as typeof callApiKeys);
  list.mockResolvedValue({ keys: [KEY] });
});

describe('ApiKeysTab', () => {
  it('lists the keys by name and first characters, never the key', async () => {
    render(<ApiKeysTab />);
    const table = await screen.findByRole('table', { name: 'Keys' });
    const row = within(table).getByRole('row', { name: /CRM sync/ });
    expect(row).toHaveTextContent('silk_AbCd…');
    expect(row).toHaveTextContent('signups:read, subscribers:read');
    expect(row).toHaveTextContent('Never');
    expect(row).toHaveTextContent('Active');
  });

  it('says when there is none yet, and when the list cannot be loaded', async () => {
    list.mockResolvedValueOnce({ keys: [] });
    const { unmount } = render(<ApiKeysTab />);
    expect(await screen.findByText(NO_API_KEYS)).toBeInTheDocument();
    unmount();
    list.mockRejectedValueOnce(new Error('offline'));
    render(<ApiKeysTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent(API_KEYS_LOAD_FAILED);
  });

  it("creates a key and shows it once; the server's refusal is shown", async () => {
    const user = userEvent.setup();
    render(<ApiKeysTab />);
    create.mockRejectedValueOnce(new ApiError(400, { error: API_KEY_REQUEST_INVALID }));
    await user.click(await screen.findByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(API_KEY_REQUEST_INVALID);

    create.mockResolvedValue({ key: KEY, secret: 'silk_secret' });
    await user.type(screen.getByLabelText('Name'), 'CRM sync');
    await user.click(screen.getByRole('checkbox', { name: "Read a subscriber's place and status" }));
    await user.click(screen.getByRole('checkbox', { name: 'Read signups' }));
    await user.type(screen.getByLabelText('Requests per minute'), '30');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(`${API_KEY_CREATED} silk_secret`);
    expect(within(status).getByRole('button', { name: 'Copy key' })).toBeInTheDocument();
    // The panel's order of scopes, whatever the order of the clicks.
    expect(create).toHaveBeenLastCalledWith({
      name: 'CRM sync',
      scopes: ['signups:read', 'subscribers:read'],
      ratePerMinute: 30,
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('revokes a key after confirming', async () => {
    const user = userEvent.setup();
    revoke.mockResolvedValue({
      key: { ...KEY, revokedAt: Date.UTC(2026, 0, 3), revokedBy: 'ana@silk.travel' },
    });
    render(<ApiKeysTab />);
    await user.click(await screen.findByRole('button', { name: 'Revoke CRM sync' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this API key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(API_KEY_REVOKED));
    expect(revoke).toHaveBeenCalledWith({ id: KEY.id });
    expect(list.mock.calls.length).toBeGreaterThanOrEqual(2);
  });
});
