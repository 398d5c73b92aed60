import { PASSWORD_MIN_LENGTH } from '@silk/schema/constants';
import {
  addMemberSucceeded,
  INVALID_USERNAME,
  PASSWORD_POLICY,
  TEAM_FIELDS_REQUIRED,
  TEAM_INVALID_EMAIL,
} from '@silk/schema/messages';
import { isStrongPassword, isValidTeamEmail, isValidUsername } from '@silk/schema/validators';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useState, type FormEvent } from 'react';
import { addMember, addMemberFailure } from '@/features/team/api/team';
import { RoleCheckboxes } from '@/features/team/components/role-checkboxes';
import { useRoleSelection } from '@/features/team/hooks/use-role-selection';
import { useFormAction } from '@/lib/use-form-action';

interface Added {
  message: string;
  /** The server-generated one-time password, shown once. */
  temporaryPassword: string;
}

/** SPEC §5 client-side checks, in SPEC order; returns the message to show or null. */
function validateNewMember(email: string, username: string, password: string): string | null {
  if (email === '' || username === '') return TEAM_FIELDS_REQUIRED;
  if (!isValidTeamEmail(email)) return TEAM_INVALID_EMAIL;
  if (!isValidUsername(username)) return INVALID_USERNAME;
  if (password !== '' && !isStrongPassword(password)) return PASSWORD_POLICY;
  return null;
}

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => {
        navigator.clipboard
          ?.writeText(text)
          .then(() => setCopied(true))
          .catch((error: unknown) => console.error('Copy failed', error));
      }}
    >
      {copied ? 'Copied' : 'Copy password'}
    </Button>
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

/** Team Manager: "Add New Team Member" (SPEC §2, §5, §7; DESIGN §7). `onAdded` runs after each addition. */
export function AddMemberForm({ onAdded }: { onAdded?: () => void }) {
  const [email, setEmail] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const roles = useRoleSelection();
  const action = useFormAction<Added>();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    const member = {
      email: email.trim(),
      username: username.trim(),
      password: password.trim(),
      roles: roles.roles(),
    };
    return action.submit(event, {
      validate: () => validateNewMember(member.email, member.username, member.password),
      run: async () => {
        const response = await addMember(member);
        return {
          message: response.message || addMemberSucceeded(member.username),
          temporaryPassword: response.temporaryPassword ?? '',
        };
      },
      failure: addMemberFailure,
      onSuccess: () => {
        setEmail('');
        setUsername('');
        setPassword('');
        roles.clear();
        onAdded?.();
      },
    });
  }

  return (
    <Card heading="Add New Team Member">
      <form className="form" noValidate onSubmit={handleSubmit} aria-busy={action.pending}>
        <FormMessage tone="error">{action.error}</FormMessage>
        <FormMessage tone="success">
          {action.success?.message ? (
            <>
              <SuccessText message={action.success.message} password={action.success.temporaryPassword} />
              {action.success.temporaryPassword ? (
                <span className="one-time-password">
                  <CopyButton text={action.success.temporaryPassword} />
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
        <RoleCheckboxes legend="Assign Roles" selected={roles.selected} onToggle={roles.toggle} />
        <Button type="submit" disabled={action.pending}>
          Add Team Member
        </Button>
      </form>
    </Card>
  );
}
