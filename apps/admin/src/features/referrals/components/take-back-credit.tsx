import { REFERRAL_REVIEW_FAILED } from '@silk/schema/messages';
import { TextField } from '@silk/ui/text-field';
import { ActionForm } from '@/components/action-form';
import { reviewReferral } from '@/features/referrals/api/referrals';
import { callFailure } from '@/lib/error-message';
import { useFormAction } from '@/lib/use-form-action';
import { useTextInput } from '@/lib/use-text-input';

/**
 * An Admin rejects credit given before, by the referred person's address: the referrer loses that credit,
 * and any reward not yet fulfilled that it no longer reaches (the server's review route).
 */
export function TakeBackCredit() {
  const action = useFormAction<string>();
  const referred = useTextInput('referred');
  return (
    <ActionForm
      action={action}
      submitLabel="Reject credit"
      success={action.success}
      steps={() => ({
        run: () => reviewReferral(referred.value.trim(), 'reject'),
        failure: (error) => callFailure(error, REFERRAL_REVIEW_FAILED),
        onSuccess: () => referred.set(''),
      })}
    >
      <TextField
        label="Referred person's e-mail address"
        type="email"
        autoComplete="off"
        {...referred.props}
      />
    </ActionForm>
  );
}
