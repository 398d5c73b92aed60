import type { ApiKeyListResponse } from '@silk/schema/api-key-api';
import {
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  DEFAULT_API_KEY_RATE_PER_MINUTE,
  MAX_API_KEY_NAME_LENGTH,
  type ApiKeyScope,
  type ApiKeyView,
} from '@silk/schema/api-keys';
import { formatSignupDate } from '@silk/schema/formatters';
import {
  API_KEY_CREATED,
  API_KEY_REVOKED,
  API_KEYS_LOAD_FAILED,
  LOADING,
  NO_API_KEYS,
} from '@silk/schema/messages';
import { Button } from '@silk/ui/button';
import { Card } from '@silk/ui/card';
import { FormMessage } from '@silk/ui/form-message';
import { TextField } from '@silk/ui/text-field';
import { useCallback, useState } from 'react';
import { ActionForm } from '@/components/action-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RecordTable } from '@/components/record-table';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useLive } from '@/lib/use-live';
import { useTextInput } from '@/lib/use-text-input';
import { apiKeyCall } from '@/features/api-keys/api/api-keys';

const failure = (error: unknown) => callFailure(error, API_KEYS_LOAD_FAILED);
const when = (millis: number | null) => (millis === null ? 'Never' : formatSignupDate(new Date(millis)));

/** "Create an API key": name, scopes, rate (checked by the server); the key is shown this once. */
function CreateApiKey({ onCreated }: { onCreated: () => void }) {
  const name = useTextInput('api-key-name');
  const rate = useTextInput('api-key-rate');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  const action = useFormAction<string>();
  const secret = action.success;
  return (
    <Card heading="Create an API key">
      <ActionForm
        action={action}
        submitLabel="Create key"
        steps={() => ({
          run: async () =>
            (
              await apiKeyCall('apiKeyCreate', {
                name: name.value.trim(),
                scopes: API_KEY_SCOPES.filter((scope) => scopes.includes(scope)),
                // Left empty: the default rate.
                ...(rate.value.trim() === '' ? {} : { ratePerMinute: Number(rate.value) }),
              })
            ).secret,
          failure,
          onSuccess: () => {
            name.set('');
            rate.set('');
            setScopes([]);
            onCreated();
          },
        })}
        success={
          secret && (
            <span>
              {API_KEY_CREATED} <code>{secret}</code>{' '}
              <Button
                type="button"
                variant="secondary"
                onClick={() => void navigator.clipboard?.writeText(secret)}
              >
                Copy key
              </Button>
            </span>
          )
        }
      >
        <TextField label="Name" autoComplete="off" maxLength={MAX_API_KEY_NAME_LENGTH} {...name.props} />
        <fieldset className="roles">
          <legend className="roles__legend">Scopes</legend>
          <div className="roles__grid">
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="roles__option">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={() =>
                    setScopes((current) =>
                      current.includes(scope)
                        ? current.filter((other) => other !== scope)
                        : [...current, scope],
                    )
                  }
                />
                {API_KEY_SCOPE_LABELS[scope]}
              </label>
            ))}
          </div>
        </fieldset>
        <TextField
          label="Requests per minute"
          type="number"
          inputMode="numeric"
          min={1}
          placeholder={String(DEFAULT_API_KEY_RATE_PER_MINUTE)}
          {...rate.props}
        />
      </ActionForm>
    </Card>
  );
}

/** API keys tab (Admins): create a key for the public API (shown once), see its use, revoke it. */
export function ApiKeysTab() {
  const [version, setVersion] = useState(0);
  const refresh = () => setVersion((current) => current + 1);
  const watch = useCallback(
    (onValue: (value: ApiKeyListResponse) => void, onError: (error: Error) => void) => {
      void apiKeyCall('apiKeyList', {}).then(onValue, onError);
      return () => undefined;
    },
    // A change lists again at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [version],
  );
  const { value: list, error } = useLive(watch, API_KEYS_LOAD_FAILED);
  const action = useFormAction<string>();
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  return (
    <section className="tab" aria-labelledby="api-keys-heading">
      <h2 id="api-keys-heading" className="tab__title">
        API keys
      </h2>
      <p>
        Calls to the public API carry <code>Authorization: Bearer &lt;key&gt;</code>; its reference is the
        site&apos;s page <code>/developers/api</code>.
      </p>
      <CreateApiKey onCreated={refresh} />
      <FormMessage tone="error">{action.error || error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      {list ? (
        <Card heading="Keys">
          {list.keys.length ? (
            <RecordTable
              label="Keys"
              rows={list.keys}
              rowKey={(key) => key.id}
              columns={[
                { header: 'Name', rowHeader: true, cell: (key) => key.name },
                { header: 'Key', cell: (key) => `${key.hint}…` },
                { header: 'Scopes', cell: (key) => key.scopes.join(', ') },
                { header: 'Per minute', cell: (key) => key.ratePerMinute },
                { header: 'Last used', cell: (key) => when(key.lastUsedAt) },
                {
                  header: 'Status',
                  cell: (key) => (key.revokedAt === null ? 'Active' : `Revoked ${when(key.revokedAt)}`),
                },
                {
                  header: 'Actions',
                  cell: (key) =>
                    key.revokedAt === null ? (
                      <Button
                        type="button"
                        variant="danger"
                        aria-label={`Revoke ${key.name}`}
                        onClick={() => setRevoking(key)}
                      >
                        Revoke
                      </Button>
                    ) : null,
                },
              ]}
            />
          ) : (
            <p className="table-state">{NO_API_KEYS}</p>
          )}
        </Card>
      ) : error ? null : (
        <p className="table-state" role="status">
          {LOADING}
        </p>
      )}
      {revoking && (
        <ConfirmDialog
          title="Revoke this API key?"
          confirmLabel="Revoke"
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            const { id } = revoking;
            setRevoking(null);
            void action.submit(null, {
              run: async () => {
                await apiKeyCall('apiKeyRevoke', { id });
                return API_KEY_REVOKED;
              },
              failure,
              onSuccess: refresh,
            });
          }}
        >
          {revoking.name} ({revoking.hint}…) is refused from its next call on. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}
