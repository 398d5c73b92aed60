import '@/testing/staff-api';
import { addTeamMember, ApiError, StaffTokenMissing } from '@silk/data-access/api-client';
import { staffClient } from '@silk/data-access/staff-client';
import {
  ADD_MEMBER_FAILED,
  EMAIL_ALREADY_REGISTERED,
  ID_TOKEN_MISSING,
  INVALID_USERNAME,
  PASSWORD_POLICY,
  TEAM_FIELDS_REQUIRED,
  TEAM_INVALID_EMAIL,
} from '@silk/schema/messages';
import { ROLES } from '@silk/schema/roles';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForm, resetBeforeEach } from '@/testing/forms';
import { AddMemberForm } from './add-member-form';

const add = vi.mocked(addTeamMember);
const token = vi.mocked(staffClient);
const STAFF_CLIENT = { apiBase: '/api', staffToken: 'id-token' };
resetBeforeEach(add, token);
beforeEach(() => {
  token.mockResolvedValue(STAFF_CLIENT);
});

function setup() {
  const form = renderForm(<AddMemberForm />);
  const field = (label: string) => screen.getByLabelText(label, { exact: false }) as HTMLInputElement;
  /** Types the fields (an empty one is left untouched). */
  const fill = (email: string, username: string, password = '') =>
    form.fill({ 'Email Address': email, Username: username, 'Temporary Password (optional)': password });
  const submit = () => form.press('Add Team Member');
  /** Fills the form and clicks "Add Team Member". */
  const addMember = async (email: string, username: string, password = '') => {
    await fill(email, username, password);
    await submit();
  };
  return { user: form.user, field, fill, submit, addMember };
}

describe('Add New Team Member form', () => {
  it('has the SPEC fields, the real minimum in the placeholder and the one-time password hint', () => {
    const { field } = setup();
    expect(screen.getByRole('region', { name: 'Add New Team Member' })).toBeInTheDocument();
    expect(field('Email Address')).toHaveAttribute('type', 'email');
    expect(field('Username')).toBeInTheDocument();
    const password = field('Temporary Password');
    expect(password).toHaveAttribute('placeholder', 'Minimum 8 characters');
    expect(password).toHaveAccessibleDescription(
      /one-time password is generated.*must change it at first login/,
    );
    const group = screen.getByRole('group', { name: 'Assign Roles' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('label')?.textContent)).toEqual([...ROLES]);
    expect(boxes.every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });

  it.each([
    ['no e-mail', '', 'ana'],
    ['no username', 'ana@silk.travel', ''],
    ['blank values', '   ', '  '],
  ])('requires both e-mail and username (%s)', async (_case, email, username) => {
    const { addMember } = setup();
    await addMember(email, username);
    expect(screen.getByRole('alert')).toHaveTextContent(TEAM_FIELDS_REQUIRED);
    expect(add).not.toHaveBeenCalled();
  });

  it.each([
    ['refuses an e-mail without @', 'ana.silk.travel', 'ana', TEAM_INVALID_EMAIL],
    ['refuses a username the sign-in could not use', 'ana@silk.travel', 'ana silva', INVALID_USERNAME],
  ])('%s', async (_title, email, username, message) => {
    const { addMember } = setup();
    await addMember(email, username);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(add).not.toHaveBeenCalled();
  });

  it.each(['Ab1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1'])(
    'refuses the weak password %j with the policy message',
    async (weak) => {
      const { addMember } = setup();
      await addMember('ana@silk.travel', 'ana', weak);
      expect(screen.getByRole('alert')).toHaveTextContent(PASSWORD_POLICY);
      expect(add).not.toHaveBeenCalled();
    },
  );

  it('asks to sign in again when no ID token is available', async () => {
    token.mockRejectedValue(new StaffTokenMissing());
    const { addMember } = setup();
    await addMember('ana@silk.travel', 'ana');
    expect(await screen.findByRole('alert')).toHaveTextContent(ID_TOKEN_MISSING);
    expect(add).not.toHaveBeenCalled();
  });

  it('sends the trimmed member with roles in SPEC order, shows the server message and clears the form', async () => {
    add.mockResolvedValue({ message: 'Successfully added ana to the team.' });
    const { user, field, fill, submit } = setup();
    await fill(' ana@silk.travel ', ' ana ', ' Str0ng!Pass ');
    await user.click(screen.getByRole('checkbox', { name: 'Staff' }));
    await user.click(screen.getByRole('checkbox', { name: 'Admin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Developer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Developer' }));
    await submit();
    expect(add).toHaveBeenCalledWith(STAFF_CLIENT, {
      email: 'ana@silk.travel',
      username: 'ana',
      password: 'Str0ng!Pass',
      roles: ['Admin', 'Staff'],
    });
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Successfully added ana to the team.');
    expect(within(status).queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument();
    expect(field('Email Address')).toHaveValue('');
    expect(field('Username')).toHaveValue('');
    expect(field('Temporary Password')).toHaveValue('');
    expect(screen.getAllByRole('checkbox').some((box) => (box as HTMLInputElement).checked)).toBe(false);
  });

  it('sends an empty password when none is typed and shows the generated one once, with a copy button', async () => {
    const message =
      'Successfully added ben to the team. Their one-time password is Gen3rated!Pw — it is shown only once.';
    add.mockResolvedValue({ message, temporaryPassword: 'Gen3rated!Pw' });
    const { user, submit, addMember } = setup();
    await addMember('ben@silk.travel', 'ben');
    expect(add.mock.calls[0]?.[1].password).toBe('');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(message);
    expect(within(status).getByText('Gen3rated!Pw').tagName).toBe('CODE');
    await user.click(within(status).getByRole('button', { name: 'Copy password' }));
    // user-event's clipboard stub stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('Gen3rated!Pw');
    expect(await within(status).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    // Gone at the next submit: the password is shown once.
    await submit();
    expect(screen.queryByText('Gen3rated!Pw')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEAM_FIELDS_REQUIRED);
  });

  it('shows a generated password the server did not quote in its message after it', async () => {
    add.mockResolvedValue({
      message: 'Successfully added ben to the team.',
      temporaryPassword: 'Gen3rated!Pw',
    });
    const { addMember } = setup();
    await addMember('ben@silk.travel', 'ben');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Successfully added ben to the team. One-time password: Gen3rated!Pw');
    expect(within(status).getByRole('button', { name: 'Copy password' })).toBeInTheDocument();
  });

  it("shows the server's error text and keeps the form", async () => {
    add.mockRejectedValue(new ApiError(409, { error: EMAIL_ALREADY_REGISTERED }));
    const { field, addMember } = setup();
    await addMember('ana@silk.travel', 'ana');
    expect(await screen.findByRole('alert')).toHaveTextContent(EMAIL_ALREADY_REGISTERED);
    expect(field('Email Address')).toHaveValue('ana@silk.travel');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it.each([
    [
      "shows 'HTTP error! status: N' when the server sent no error text",
      new ApiError(502, null),
      'HTTP error! status: 502',
    ],
    [
      'falls back to the SPEC failure message when the call fails without an answer',
      new TypeError('Failed to fetch'),
      ADD_MEMBER_FAILED,
    ],
  ])('%s', async (_title, thrown, message) => {
    add.mockRejectedValue(thrown);
    const { addMember } = setup();
    await addMember('ana@silk.travel', 'ana');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
