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
import { TextField } from '@silk/ui/text-field';
import { useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { PasswordField } from '@/components/password-field';
import { addMember, addMemberFailure } from '@/features/team/api/team';
import { RoleCheckboxes } from '@/features/team/components/role-checkboxes';
import { useRoleSelection } from '@/features/team/hooks/use-role-selection';
import { useFormAction, type FormActionSteps } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

interface Added {
  message: string;
  /** The server-generated one-time password, shown once. */
  temporaryPassword: string;
}

/** PRODUCT.md#validation client-side checks, in SPEC order; returns the message to show or null. */
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

/** Team Manager: "Add New Team Member" (PRODUCT.md#admin-panel, PRODUCT.md#validation, PRODUCT.md#api; DESIGN §7). `onAdded` runs after each addition. */
export function AddMemberForm({ onAdded }: { onAdded?: () => void }) {
  const email = useTextInput('email');
  const username = useTextInput('username');
  const password = useTextInput('temporary-password');
  const roles = useRoleSelection();
  const action = useFormAction<Added>();

  function steps(): FormActionSteps<Added> {
    const member = {
      email: email.value.trim(),
      username: username.value.trim(),
      password: password.value.trim(),
      roles: roles.roles(),
    };
    return {
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
        for (const input of [email, username, password]) input.set('');
        roles.clear();
        onAdded?.();
      },
    };
  }

  const added = action.success;
  return (
    <Card heading="Add New Team Member">
      <ActionForm
        action={action}
        steps={steps}
        submitLabel="Add Team Member"
        success={
          added?.message ? (
            <>
              <SuccessText message={added.message} password={added.temporaryPassword} />
              {added.temporaryPassword ? (
                <span className="one-time-password">
                  <CopyButton text={added.temporaryPassword} />
                </span>
              ) : null}
            </>
          ) : null
        }
      >
        <TextField label="Email Address" type="email" autoComplete="off" {...email.props} />
        <TextField label="Username" autoComplete="off" {...username.props} />
        <PasswordField
          label="Temporary Password (optional)"
          purpose="new"
          hint="Leave empty and a one-time password is generated and shown here once. The new member must change it at first login."
          {...password.props}
        />
        <RoleCheckboxes legend="Assign Roles" selected={roles.selected} onToggle={roles.toggle} />
      </ActionForm>
    </Card>
  );
}
