import type { WavePreview, WaveTarget } from '@silk/schema/invites';
import { INVITE_WAVE_FAILED } from '@silk/schema/messages';
import { FormMessage } from '@silk/ui/form-message';
import { Spinner } from '@silk/ui/spinner';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { callFailure } from '@/lib/error-message';
import { newRequestId, previewWave, startWave } from '@/features/invites/api/invites';

interface WaveDialogProps {
  target: WaveTarget;
  /** Whom the wave is for, in words ("the next 10 people", "everyone in this filtered view"). */
  who: string;
  onClose: () => void;
}

const count = (value: number) => value.toLocaleString('en-US');

/**
 * An Admin's wave: its preview (how many, the first addresses) and then, confirmed, its start. One request
 * id for the dialog's life, so a double click or a retry of the start starts one wave.
 */
export function WaveDialog({ target, who, onClose }: WaveDialogProps) {
  const [requestId] = useState(newRequestId);
  const [includeUnconfirmed, setIncludeUnconfirmed] = useState(false);
  const [preview, setPreview] = useState<WavePreview | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [started, setStarted] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setPreview(null);
    setError('');
    previewWave({ target, includeUnconfirmed, requestId }).then(
      (answer) => current && setPreview(answer),
      (caught: unknown) => current && setError(callFailure(caught, INVITE_WAVE_FAILED)),
    );
    return () => {
      current = false;
    };
  }, [target, includeUnconfirmed, requestId]);

  async function start() {
    setPending(true);
    setError('');
    try {
      setStarted(await startWave({ target, includeUnconfirmed, requestId }));
    } catch (caught) {
      setError(callFailure(caught, INVITE_WAVE_FAILED));
    }
    setPending(false);
  }

  const details = (
    <>
      <label className="wave-dialog__option">
        <input
          type="checkbox"
          checked={includeUnconfirmed}
          disabled={pending || started !== null}
          onChange={(event) => setIncludeUnconfirmed(event.target.checked)}
        />
        Include unconfirmed addresses
      </label>
      {preview ? (
        <div role="status">
          <p>
            {preview.count === 0
              ? 'No one waiting matches: nobody would be invited.'
              : `${count(preview.count)} ${preview.count === 1 ? 'person' : 'people'} would be invited${
                  preview.fewerThanAsked ? ': fewer are waiting than asked, so everyone waiting' : ''
                }.`}
          </p>
          {preview.first.length > 0 ? (
            <>
              <p>First addresses, in the order they are invited:</p>
              <ul className="wave-dialog__list">
                {preview.first.map((email) => (
                  <li key={email}>{email}</li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : error ? null : (
        <p role="status">
          <Spinner /> Counting who would be invited…
        </p>
      )}
      <FormMessage tone="error">{error}</FormMessage>
      <FormMessage tone="success">{started}</FormMessage>
    </>
  );

  return (
    <ConfirmDialog
      title={`Invite ${who}?`}
      confirmLabel={preview ? `Invite ${count(preview.count)}` : 'Invite'}
      onConfirm={started === null ? () => void start() : undefined}
      confirmDisabled={pending || !preview || preview.count === 0}
      cancelLabel={started === null ? 'Cancel' : 'Close'}
      onCancel={onClose}
      details={details}
    >
      Each person gets an invitation e-mail with a single-use link. Unsubscribed, erased and suppressed
      addresses are never invited.
    </ConfirmDialog>
  );
}
