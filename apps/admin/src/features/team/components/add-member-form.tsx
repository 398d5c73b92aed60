import { addTeamMember, ApiError } from '@silk/data-access/api-client';
import { getIdToken } from '@silk/data-access/auth';
import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import {
  ADD_MEMBER_FAILED,
  addMemberSucceeded,
  ID_TOKEN_MISSING,
  INVALID_USERNAME,
  PASSWORD_POLICY,
  TEAM_FIELDS_REQUIRED,
  TEAM_INVALID_EMAIL,
} from '@silk/schema/messages';
import { ROLES, type Role } from '@silk/schema/roles';
import { isStrongPassword, isValidTeamEmail, isValidUsername } from '@silk/schema/validators';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { env } from '../../../config/env';
import { errorMessage } from '../../../lib/error-message';
import { adminServices } from '../../../lib/services';

interface Result {
  error: string;
  success: string;
  /** The server-generated one-time password, shown once. */
  temporaryPassword: string;
}
const NO_RESULT: Result = { error: '', success: '', temporaryPassword: '' };

/** SPEC §5 client-side checks, in SPEC order; returns the message to show or null. */
export function validateNewMember(email: string, username: string, password: string): string | null {
  if (email === '' || username === '') return TEAM_FIELDS_REQUIRED;
  if (!isValidTeamEmail(email)) return TEAM_INVALID_EMAIL;
  if (!isValidUsername(username)) return INVALID_USERNAME;
  if (password !== '' && !isStrongPassword(password)) return PASSWORD_POLICY;
  return null;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="button button--secondary"
      onClick={() => {
        navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch((error: unknown) => console.error('Copy failed', error));
      }}
    >
      {copied ? 'Copied' : 'Copy password'}
    </button>
  );
}

/**
 * The server's success message; a generated one-time password is set in <code> (inside the message
 * when the server quotes it there, after it otherwise) so it is easy to select and copy.
 */
function SuccessText({ message, password }: { message: string; password: string }) {
  const at = password ? message.indexOf(password) : -1;
  if (!password) return <span>{message}</span>;
  if (at < 0) {
    return (
      <span>
        {message} One-time password: <code>{password}</code>
      </span>
    );
  }
  return (
    <span>
      {message.slice(0, at)}
      <code>{password}</code>
      {message.slice(at + password.length)}
    </span>
  );
}

/** Team Manager: "Add New Team Member" (SPEC §2, §5, §7; DESIGN §7). */
export function AddMemberForm() {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [roles, setRoles] = useState<ReadonlySet<Role>>(new Set());
  const [result, setResult] = useState<Result>(NO_RESULT);
  const [busy, setBusy] = useState(false);

  function toggleRole(role: Role) {
    setRoles((current) => {
      const next = new Set(current);
      if (next.has(role)) next.delete(role);
      else next.add(role);
      return next;
    });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(NO_RESULT);
    const member = {
      email: email.trim(),
      username: username.trim(),
      password: password.trim(),
      roles: ROLES.filter((role) => roles.has(role)),
    };
    const invalid = validateNewMember(member.email, member.username, member.password);
    if (invalid) {
      setResult({ ...NO_RESULT, error: invalid });
      return;
    }
    setBusy(true);
    try {
      const token = await getIdToken(adminServices());
      if (!token) {
        setResult({ ...NO_RESULT, error: ID_TOKEN_MISSING });
        return;
      }
      const response = await addTeamMember(env.apiBase, token, member);
      setResult({
        error: '',
        success: response.message || addMemberSucceeded(member.username),
        temporaryPassword: response.temporaryPassword ?? '',
      });
      setEmail('');
      setUsername('');
      setPassword('');
      setRoles(new Set());
    } catch (error) {
      // SPEC §8: the server's error text; anything else (network failure, no answer) gets the fallback.
      const message = error instanceof ApiError ? errorMessage(error, ADD_MEMBER_FAILED) : ADD_MEMBER_FAILED;
      setResult({ ...NO_RESULT, error: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card heading="Add New Team Member">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <FormMessage tone="error">{result.error}</FormMessage>
        <FormMessage tone="success">
          {result.success ? (
            <>
              <SuccessText message={result.success} password={result.temporaryPassword} />
              {result.temporaryPassword ? (
                <span className="one-time-password">
                  <CopyButton text={result.temporaryPassword} />
                </span>
              ) : null}
            </>
          ) : null}
        </FormMessage>
        <TextField
          label="Email Address"
          name="email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="off"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <TextField
          label="Temporary Password (optional)"
          name="temporary-password"
          type="password"
          autoComplete="new-password"
          placeholder={`Minimum ${PASSWORD_MIN_LENGTH} characters`}
          hint="Leave empty and a one-time password is generated and shown here once. The new member must change it at first login."
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <fieldset className="roles">
          <legend className="roles__legend">Assign Roles</legend>
          <div className="roles__grid">
            {ROLES.map((role) => (
              <label key={role} className="roles__option">
                <input type="checkbox" checked={roles.has(role)} onChange={() => toggleRole(role)} />
                <span>{role}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="button button--primary" disabled={busy}>
          Add Team Member
        </button>
      </form>
    </Card>
  );
}

export function TeamManager() {
  return (
    <section className="tab" aria-labelledby="team-heading">
      <h2 id="team-heading" className="tab__title">
        Team Manager
      </h2>
      <AddMemberForm />
    </section>
  );
}
