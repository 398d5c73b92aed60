import { RANKING_CHANGE_FAILED, rankingPlacesInvalid } from '@silk/schema/messages';
import {
  describeRankingRule,
  MAX_SKIP_PLACES,
  RANKING_RULE_KINDS,
  type RankingRule,
  type RankingSettings,
} from '@silk/schema/referrals';
import { Button } from '@silk/ui/button';
import { FormMessage } from '@silk/ui/form-message';
import { useState, type FormEvent } from 'react';
import { Caption } from '@/components/caption';
import { CountInput } from '@/components/count-input';
import { setRankingRule } from '@/features/referrals/api/referrals';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { RadioGroup } from '@/components/radio-group';

type RuleKind = RankingRule['kind'];
const DEFAULT_SKIP_PLACES = 10;
const count = (value: number) => value.toLocaleString('en-US');

/** Each kind's label, as the rule reads in words (the skip rule with its chosen places). */
function kindLabel(kind: RuleKind): string {
  return kind === 'skip' ? 'Skip places per confirmed referral' : describeRankingRule({ kind });
}

/** A re-rank under way (its progress, read live), or how the last one ended. */
function RerankState({ rerank }: { rerank: NonNullable<RankingSettings['rerank']> }) {
  const rule = describeRankingRule(rerank.rule);
  if (rerank.state === 'running') {
    return (
      <p className="referrals__progress" role="status">
        <label>
          Re-ranking everyone for “{rule}”: <progress value={rerank.done} max={Math.max(rerank.total, 1)} />{' '}
          {count(rerank.done)} of {count(rerank.total)}
        </label>{' '}
        Places keep following the previous rule until it is done.
      </p>
    );
  }
  if (rerank.state === 'failed') {
    return (
      <FormMessage tone="error">
        The re-rank for “{rule}” failed. Places still follow the previous rule.
      </FormMessage>
    );
  }
  return (
    <Caption role="status">
      Re-ranked {count(rerank.total)} signups for “{rule}”.
    </Caption>
  );
}

interface RankingRuleProps {
  /** null while loading. */
  settings: RankingSettings | null;
  /** Admins choose the rule. */
  canChange: boolean;
}

/** The rule in force for everyone; for Admins, the chooser that changes it (the server then re-ranks). */
export function RankingRuleSection({ settings, canChange }: RankingRuleProps) {
  const action = useFormAction<string>();
  const [kind, setKind] = useState<RuleKind | null>(null);
  // null until typed in: the rule in force's places (or a default) show meanwhile.
  const [places, setPlaces] = useState<string | null>(null);
  const current = settings?.rule ?? null;
  const chosenKind = kind ?? current?.kind ?? 'signup-time';
  const chosenPlaces = places ?? String(current?.kind === 'skip' ? current.places : DEFAULT_SKIP_PLACES);
  const running = settings?.rerank?.state === 'running';

  function submit(event: FormEvent<HTMLFormElement>) {
    const rule: RankingRule =
      chosenKind === 'skip' ? { kind: 'skip', places: Number(chosenPlaces) } : { kind: chosenKind };
    void action.submit(event, {
      validate: () =>
        rule.kind === 'skip' &&
        !(Number.isInteger(rule.places) && rule.places >= 1 && rule.places <= MAX_SKIP_PLACES)
          ? rankingPlacesInvalid(MAX_SKIP_PLACES)
          : null,
      run: () => setRankingRule(rule),
      failure: (error) => callFailure(error, RANKING_CHANGE_FAILED),
      onSuccess: () => {
        setKind(null);
        setPlaces(null);
      },
    });
  }

  return (
    <>
      {current ? (
        <Caption>
          In force: <strong>{describeRankingRule(current)}</strong>
        </Caption>
      ) : null}
      {settings?.rerank ? <RerankState rerank={settings.rerank} /> : null}
      {canChange && current ? (
        <form className="referrals__rule" onSubmit={submit} noValidate>
          <RadioGroup
            legend="Ranking rule"
            className="referrals__choice"
            options={RANKING_RULE_KINDS}
            value={chosenKind}
            label={kindLabel}
            onChange={setKind}
          />
          {chosenKind === 'skip' ? (
            <div className="filters__field">
              <CountInput
                label="Places skipped per confirmed referral"
                max={MAX_SKIP_PLACES}
                value={chosenPlaces}
                onChange={setPlaces}
              />
            </div>
          ) : null}
          <FormMessage tone="error">{action.error}</FormMessage>
          <FormMessage tone="success">{action.success}</FormMessage>
          <Button type="submit" disabled={action.pending || running} aria-busy={action.pending}>
            Apply rule
          </Button>
        </form>
      ) : null}
    </>
  );
}
