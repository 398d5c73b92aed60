import { ApiError } from '@silk/data-access/api-client';
import { callMailCopy } from '@silk/data-access/mail-copy';
import { MAIL_KIND_SPECS, MAIL_KINDS } from '@silk/schema/mail-copy';
import type { MailCopyKindView } from '@silk/schema/mail-copy-api';
import { MAIL_COPY_ADMIN_REQUIRED, MAIL_COPY_CONFLICT, MAIL_COPY_SAVED } from '@silk/schema/messages';
import { ADMIN_ROLE } from '@silk/schema/roles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MailCopyTab } from './mail-copy-tab';

vi.mock('@/lib/services', () => import('@/testing/services'));
vi.mock('@silk/data-access/mail-copy', () => ({ callMailCopy: vi.fn() }));

const call = vi.mocked(callMailCopy);
const DEFAULT = MAIL_KIND_SPECS.confirmation.defaults;
const SAVED = {
  version: 2,
  subject: 'Edited {{productName}}',
  body: DEFAULT.body,
  savedAt: 0,
  savedBy: 'ana@silk.travel',
};
const OLDER = { ...SAVED, version: 1, subject: 'First {{productName}}' };

function kinds(): MailCopyKindView[] {
  return MAIL_KINDS.map((kind) =>
    kind === 'confirmation'
      ? { kind, current: SAVED, versions: [SAVED, OLDER] }
      : { kind, current: null, versions: [] },
  );
}

beforeEach(() => {
  vi.resetAllMocks();
  call.mockImplementation((async (_services: unknown, id: string) =>
    id === 'mailCopyList' ? { kinds: kinds() } : { version: 3 }) as typeof callMailCopy);
});

const body = () => screen.findByRole('textbox', { name: 'Text' });

describe('MailCopyTab', () => {
  it('shows the copy in force, its variables and a live preview with the sample values', async () => {
    render(<MailCopyTab roles={[ADMIN_ROLE]} />);
    expect(await body()).toHaveValue(DEFAULT.body);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(SAVED.subject);
    expect(screen.getByTestId('mail-copy-preview-subject')).toHaveTextContent('Edited Silk');
    expect(screen.getByText('{{confirmLink}}').closest('dt')).toHaveTextContent('{{confirmLink}} (required)');
    const preview = screen.getByTitle('Preview of the confirmation e-mail');
    expect(preview).toHaveAttribute('sandbox', '');
    expect(preview.getAttribute('srcdoc')).toContain('>Confirm my spot</a>');
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Subject' }), ' now');
    expect(screen.getByTestId('mail-copy-preview-subject')).toHaveTextContent('Edited Silk now');
  });

  it('refuses, as the Admin types and at save, a text without the confirm link, calling nothing', async () => {
    const user = userEvent.setup();
    render(<MailCopyTab roles={[ADMIN_ROLE]} />);
    const text = await body();
    await user.clear(text);
    await user.type(text, 'Welcome aboard.');
    const message = 'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.';
    expect(within(screen.getByTestId('mail-copy-problems')).getByText(message)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save a new version' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(call).not.toHaveBeenCalledWith(expect.anything(), 'mailCopySave', expect.anything());
  });

  it('saves a new version over the one it showed, and says so', async () => {
    const user = userEvent.setup();
    render(<MailCopyTab roles={[ADMIN_ROLE]} />);
    await body();
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save a new version' }));
    expect(await screen.findByText(MAIL_COPY_SAVED)).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.anything(), 'mailCopySave', {
      kind: 'confirmation',
      subject: 'Hello',
      body: DEFAULT.body,
      baseVersion: 2,
    });
  });

  it('restores an earlier version or the default in one click, and shows a refusal', async () => {
    const user = userEvent.setup();
    render(<MailCopyTab roles={[ADMIN_ROLE]} />);
    await body();
    await user.click(screen.getByRole('button', { name: 'Restore version 1' }));
    expect(
      await screen.findByText('Version 1 is back. New e-mails use it within a minute.'),
    ).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(expect.anything(), 'mailCopyRestore', {
      kind: 'confirmation',
      version: 1,
      baseVersion: 2,
    });
    call.mockImplementation((async (_services: unknown, id: string) => {
      if (id === 'mailCopyList') return { kinds: kinds() };
      throw new ApiError(409, { error: MAIL_COPY_CONFLICT });
    }) as typeof callMailCopy);
    await user.click(await screen.findByRole('button', { name: 'Restore the default' }));
    expect(await screen.findByText(MAIL_COPY_CONFLICT)).toBeInTheDocument();
  });

  it('lets Staff read the copy without changing it', async () => {
    render(<MailCopyTab roles={['Staff']} />);
    expect(await body()).toHaveAttribute('readonly');
    expect(screen.getByText(MAIL_COPY_ADMIN_REQUIRED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();
  });

  it('edits the broadcast footer without a subject', async () => {
    const user = userEvent.setup();
    render(<MailCopyTab roles={[ADMIN_ROLE]} />);
    await body();
    await user.selectOptions(screen.getByRole('combobox', { name: 'E-mail' }), 'Broadcast footer');
    await waitFor(async () =>
      expect(await body()).toHaveValue(MAIL_KIND_SPECS.broadcastFooter.defaults.body),
    );
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByText('The default copy — in force')).toBeInTheDocument();
  });
});
