import { ApiError } from '@silk/data-access/api-client';
import { callEmbedOrigins } from '@silk/data-access/embed-origins';
import { EMBED_ADMIN_REQUIRED, EMBED_ORIGINS_INVALID, EMBED_ORIGINS_SAVED } from '@silk/schema/messages';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EmbedTab } from './embed-tab';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/embed-origins', () => ({ callEmbedOrigins: vi.fn() }));

const call = vi.mocked(callEmbedOrigins);

beforeEach(() => {
  vi.resetAllMocks();
  call.mockImplementation((async (_services: unknown, id: string, body: { origins?: string[] }) =>
    id === 'embedOriginsList'
      ? { origins: ['https://partner.example'] }
      : { origins: (body.origins ?? []).map((origin) => origin.toLowerCase()) }) as typeof callEmbedOrigins);
});

async function field() {
  const box = screen.getByRole('textbox', { name: 'Allowed sites, one per line' });
  await waitFor(() => expect(box).toBeEnabled());
  return box;
}

describe('EmbedTab', () => {
  it('shows the stored sites, one per line, and the tag to embed', async () => {
    render(<EmbedTab />);
    expect(await field()).toHaveValue('https://partner.example');
    expect(
      screen.getByText('<script src="https://silk.travel/embed.js" async></script>'),
    ).toBeInTheDocument();
  });

  it('saves the whole list and shows it as the server stored it', async () => {
    const user = userEvent.setup();
    render(<EmbedTab />);
    const box = await field();
    await user.type(box, '\n\nHTTPS://Blog.Example:8443\n');
    await user.click(screen.getByRole('button', { name: 'Save allowed sites' }));
    expect(await screen.findByText(EMBED_ORIGINS_SAVED)).toBeInTheDocument();
    expect(call).toHaveBeenLastCalledWith(expect.anything(), 'embedOriginsSave', {
      origins: ['https://partner.example', 'HTTPS://Blog.Example:8443'],
    });
    expect(box).toHaveValue('https://partner.example\nhttps://blog.example:8443');
  });

  it.each(['https://partner.example/signup', 'partner.example', 'https://*.example'])(
    'refuses %j before any call, with the list’s message',
    async (line) => {
      const user = userEvent.setup();
      render(<EmbedTab />);
      await user.type(await field(), `\n${line}`);
      await user.click(screen.getByRole('button', { name: 'Save allowed sites' }));
      expect(await screen.findByText(EMBED_ORIGINS_INVALID)).toBeInTheDocument();
      expect(call).not.toHaveBeenCalledWith(expect.anything(), 'embedOriginsSave', expect.anything());
    },
  );

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    call.mockImplementation((async (_services: unknown, id: string) => {
      if (id === 'embedOriginsList') return { origins: [] };
      throw new ApiError(403, { error: EMBED_ADMIN_REQUIRED });
    }) as typeof callEmbedOrigins);
    render(<EmbedTab />);
    await user.type(await field(), 'https://partner.example');
    await user.click(screen.getByRole('button', { name: 'Save allowed sites' }));
    expect(await screen.findByText(EMBED_ADMIN_REQUIRED)).toBeInTheDocument();
  });
});
