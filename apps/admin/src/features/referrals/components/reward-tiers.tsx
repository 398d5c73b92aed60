import {
  NO_REWARD_TIERS,
  PLACES_SKIPPED_HINT,
  REWARD_REQUEST_INVALID,
  REWARDS_LOAD_FAILED,
} from '@silk/schema/messages';
import { MAX_SKIP_PLACES } from '@silk/schema/referrals';
import {
  MAX_REWARD_DESCRIPTION_LENGTH,
  MAX_REWARD_NAME_LENGTH,
  MAX_REWARD_REFERRALS,
  MAX_REWARD_TIERS,
  type RewardTier,
} from '@silk/schema/rewards';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useId, useState, type FormEvent } from 'react';
import { CountInput } from '@/components/count-input';
import { saveRewardTiers } from '@/features/referrals/api/referrals';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';

/** A tier as the editor holds it: the number as typed. */
interface DraftTier {
  id: string;
  referrals: string;
  name: string;
  description: string;
  placesSkipped: string;
  autoInvite: boolean;
}

const draftOf = (tier: RewardTier): DraftTier => ({
  ...tier,
  referrals: String(tier.referrals),
  placesSkipped: tier.placesSkipped ? String(tier.placesSkipped) : '',
  autoInvite: tier.autoInvite === true,
});

/** What a tier gives besides its reward, in words ("skips 5 places, invites automatically"). */
function extrasOf(tier: RewardTier): string {
  const extras = [
    ...(tier.placesSkipped ? [`skips ${tier.placesSkipped.toLocaleString('en-US')} places`] : []),
    ...(tier.autoInvite ? ['invites automatically'] : []),
  ];
  return extras.length > 0 ? ` (${extras.join(', ')})` : '';
}

/** A new tier's id: lower-case letters and digits, stable once saved (its queue entries end with it). */
function newTierId(): string {
  return crypto.randomUUID().replaceAll('-', '').slice(0, 16);
}

/** The drafts as the server takes them, or null when one is incomplete or a number repeats. */
export function tiersOf(drafts: readonly DraftTier[]): RewardTier[] | null {
  const tiers = drafts.map((draft) => ({
    id: draft.id,
    referrals: Number(draft.referrals),
    name: draft.name.trim(),
    description: draft.description.trim(),
    placesSkipped: draft.placesSkipped.trim() === '' ? 0 : Number(draft.placesSkipped),
    autoInvite: draft.autoInvite,
  }));
  const valid = tiers.every(
    (tier) =>
      Number.isInteger(tier.referrals) &&
      tier.referrals >= 1 &&
      tier.referrals <= MAX_REWARD_REFERRALS &&
      Number.isInteger(tier.placesSkipped) &&
      tier.placesSkipped >= 0 &&
      tier.placesSkipped <= MAX_SKIP_PLACES &&
      tier.name !== '',
  );
  const distinct = new Set(tiers.map((tier) => tier.referrals)).size === tiers.length;
  return valid && distinct ? tiers : null;
}

interface RewardTiersProps {
  /** null while loading. */
  tiers: RewardTier[] | null;
  /** Admins edit the tiers; everyone else reads them. */
  canEdit: boolean;
}

/** The reward tiers: a list for every member, an editor for Admins (the whole list saved at once). */
export function RewardTiers({ tiers, canEdit }: RewardTiersProps) {
  const action = useFormAction<string>();
  const placesHint = useId();
  // null until edited: the stored tiers show meanwhile.
  const [drafts, setDrafts] = useState<DraftTier[] | null>(null);
  if (tiers === null) return null;
  const shown = drafts ?? tiers.map(draftOf);

  if (!canEdit) {
    return tiers.length === 0 ? (
      <p className="table-state">{NO_REWARD_TIERS}</p>
    ) : (
      <ul className="rewards__tiers" aria-label="Reward tiers">
        {tiers.map((tier) => (
          <li key={tier.id}>
            <strong>{tier.name}</strong> — {tier.referrals.toLocaleString('en-US')} credited referrals
            {tier.description ? `: ${tier.description}` : ''}
            {extrasOf(tier)}
          </li>
        ))}
      </ul>
    );
  }

  const change = (index: number, part: Partial<DraftTier>) =>
    setDrafts(shown.map((draft, at) => (at === index ? { ...draft, ...part } : draft)));

  function submit(event: FormEvent<HTMLFormElement>) {
    const next = tiersOf(shown);
    void action.submit(event, {
      validate: () => (next ? null : REWARD_REQUEST_INVALID),
      run: () => saveRewardTiers(next ?? []),
      failure: (error) => callFailure(error, REWARDS_LOAD_FAILED),
      onSuccess: () => setDrafts(null),
    });
  }

  return (
    <form className="rewards__editor" onSubmit={submit} noValidate aria-label="Reward tiers">
      <p id={placesHint} className="rewards__hint">
        {PLACES_SKIPPED_HINT}
      </p>
      {shown.length === 0 ? <p className="table-state">{NO_REWARD_TIERS}</p> : null}
      {shown.map((draft, index) => (
        <fieldset key={draft.id} className="rewards__tier">
          <legend>Tier {index + 1}</legend>
          <div className="filters__field">
            <CountInput
              label="Credited referrals needed"
              max={MAX_REWARD_REFERRALS}
              value={draft.referrals}
              onChange={(referrals) => change(index, { referrals })}
            />
          </div>
          <label>
            Name
            <input
              type="text"
              value={draft.name}
              maxLength={MAX_REWARD_NAME_LENGTH}
              required
              onChange={(event) => change(index, { name: event.target.value })}
            />
          </label>
          <label>
            Description
            <textarea
              value={draft.description}
              maxLength={MAX_REWARD_DESCRIPTION_LENGTH}
              rows={2}
              onChange={(event) => change(index, { description: event.target.value })}
            />
          </label>
          <div className="filters__field">
            <CountInput
              label="Places skipped"
              min={0}
              max={MAX_SKIP_PLACES}
              describedBy={placesHint}
              value={draft.placesSkipped}
              onChange={(placesSkipped) => change(index, { placesSkipped })}
            />
          </div>
          <label>
            <input
              type="checkbox"
              checked={draft.autoInvite}
              onChange={(event) => change(index, { autoInvite: event.target.checked })}
            />
            Invite automatically
          </label>
          <Button
            type="button"
            variant="secondary"
            aria-label={`Remove tier ${index + 1}${draft.name ? ` (${draft.name})` : ''}`}
            onClick={() => setDrafts(shown.filter((_, at) => at !== index))}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      <FormMessage tone="error">{action.error}</FormMessage>
      <FormMessage tone="success">{action.success}</FormMessage>
      <div className="referrals__decision">
        <Button
          type="button"
          variant="secondary"
          disabled={shown.length >= MAX_REWARD_TIERS}
          onClick={() =>
            setDrafts([
              ...shown,
              {
                id: newTierId(),
                referrals: '',
                name: '',
                description: '',
                placesSkipped: '',
                autoInvite: false,
              },
            ])
          }
        >
          Add a tier
        </Button>
        <Button type="submit" disabled={action.pending || drafts === null} aria-busy={action.pending}>
          Save tiers
        </Button>
      </div>
    </form>
  );
}
