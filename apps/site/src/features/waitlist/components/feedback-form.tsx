import { RECAPTCHA_ACTION } from '@silk/schema/constants';
import {
  FEEDBACK_FIELDS,
  feedbackQuestion,
  type ChecklistField,
  type FeedbackField,
} from '@silk/schema/signup-fields';
import { SUBMITTING_FEEDBACK_LABEL } from '@silk/schema/messages';
import { Button, buttonClassName } from '@silk/ui/button';
import { SelectOptions } from '@silk/ui/select-options';
import { TextField } from '@silk/ui/text-field';
import { useEffect, useLayoutEffect, useRef, type ChangeEvent, type FormEvent } from 'react';
import { FEEDBACK_SUGGESTIONS_ROWS } from '@/config/constants';
import { paths } from '@/config/paths';
import { feedbackFields as copy, feedbackForm } from '@/content/waitlist';
import { site } from '@/content/site';
import { prefetchWaitlistModule } from '@/lib/waitlist-module';
import { loadRecaptcha } from '@/features/waitlist/api/recaptcha';
import {
  readFeedbackForm,
  useFeedback,
  type UseFeedbackOptions,
} from '@/features/waitlist/hooks/use-feedback';

type TextKey = Exclude<FeedbackField, ChecklistField>;

interface FeedbackTextFieldProps {
  name: TextKey;
  type: 'text' | 'email';
  autoComplete?: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
}

/** A one-line text field, styled by the site's .field: its label and placeholder come from the page content. */
function FeedbackTextField({ name, type, autoComplete, value, onChange }: FeedbackTextFieldProps) {
  return (
    <TextField
      unstyled
      className="field"
      label={copy[name].label}
      id={name}
      name={name}
      type={type}
      autoComplete={autoComplete}
      placeholder={copy[name].placeholder}
      value={value}
      onChange={onChange}
    />
  );
}

interface FeedbackSelectProps {
  name: TextKey;
  options: readonly string[];
  value: string;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}

/** A question answered by choosing one option; the empty first option is the content's placeholder. */
function FeedbackSelect({ name, options, value, onChange }: FeedbackSelectProps) {
  return (
    <div className="field">
      <label htmlFor={name}>{copy[name].label}</label>
      <select id={name} name={name} value={value} onChange={onChange}>
        <option value="">{copy[name].placeholder}</option>
        <SelectOptions options={options.map((option) => ({ value: option, label: option }))} />
      </select>
    </div>
  );
}

interface FeedbackChoicesProps {
  name: FeedbackField;
  type: 'radio' | 'checkbox';
  /** The choices side by side rather than one under the other. */
  inline?: boolean;
  options: readonly string[];
  isChecked: (option: string) => boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A question answered by ticking choices (each input's value is its option): a fieldset with its legend. */
function FeedbackChoices({ name, type, inline = false, options, isChecked, onChange }: FeedbackChoicesProps) {
  return (
    <fieldset className="field field--choices">
      <legend>{copy[name].label}</legend>
      <div className={inline ? 'choices choices--inline' : 'choices'}>
        {options.map((option) => (
          <label key={option} className="choice">
            <input type={type} name={name} value={option} checked={isChecked(option)} onChange={onChange} />
            <span>{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export type FeedbackFormProps = UseFeedbackOptions;

/** The optional feedback form of /waitlist (PRODUCT.md#waitlist, PRODUCT.md#api, PRODUCT.md#messages) and its "Thank You" view. */
export function FeedbackForm({ config, ...options }: FeedbackFormProps) {
  const { values, setValues, submitting, done, submit } = useFeedback({ config, ...options });
  const thankYouRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  // Answers given before hydration are in the fields, not in the state: adopt them, or the next render
  // of the controlled fields would wipe them.
  useLayoutEffect(() => {
    if (formRef.current) setValues(readFeedbackForm(formRef.current));
  }, [setValues]);

  useEffect(() => {
    if (done) thankYouRef.current?.focus();
  }, [done]);

  const set = (key: TextKey) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [key]: event.target.value }));

  /** A one-answer question's name, its answer and the handler that keeps it. */
  const answer = <K extends TextKey>(key: K) => ({ name: key, value: values[key], onChange: set(key) });

  /** Ticks or unticks one choice of a checklist; the answer keeps the choices' order. */
  function toggle(key: ChecklistField, choice: string, checked: boolean) {
    const choices = feedbackQuestion(key).choices ?? [];
    setValues((current) => ({
      ...current,
      [key]: checked
        ? choices.filter((option) => option === choice || current[key].includes(option))
        : current[key].filter((option) => option !== choice),
    }));
  }

  /** A question as its registry entry asks it (the words come from the page content). */
  function question(key: FeedbackField) {
    const { input, choices = [], autoComplete } = feedbackQuestion(key);
    if (input === 'checkbox') {
      const checklist = key as ChecklistField;
      return (
        <FeedbackChoices
          key={key}
          name={key}
          type="checkbox"
          options={choices}
          isChecked={(option) => values[checklist].includes(option)}
          onChange={(event) => toggle(checklist, event.target.value, event.target.checked)}
        />
      );
    }
    const textKey = key as TextKey;
    switch (input) {
      case 'select':
        return <FeedbackSelect key={key} options={choices} {...answer(textKey)} />;
      case 'radio':
        return (
          <FeedbackChoices
            key={key}
            name={key}
            type="radio"
            inline
            options={choices}
            isChecked={(option) => values[textKey] === option}
            onChange={set(textKey)}
          />
        );
      case 'textarea':
        return (
          <div key={key} className="field">
            <label htmlFor={key}>{copy[key].label}</label>
            <textarea
              id={key}
              name={key}
              rows={FEEDBACK_SUGGESTIONS_ROWS}
              placeholder={copy[key].placeholder}
              value={values[textKey]}
              onChange={set(textKey)}
            />
          </div>
        );
      case 'text':
      case 'email':
        return <FeedbackTextField key={key} type={input} autoComplete={autoComplete} {...answer(textKey)} />;
    }
  }

  function onFocus() {
    prefetchWaitlistModule();
    if (config.recaptchaSiteKey) void loadRecaptcha(config.recaptchaSiteKey);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The fields themselves: a submit that arrives while the island hydrates runs before the state has them.
    void submit(readFeedbackForm(event.currentTarget));
  }

  if (done) {
    return (
      <section className="card thank-you" aria-labelledby="thank-you-title">
        <h2 id="thank-you-title" ref={thankYouRef} tabIndex={-1}>
          {feedbackForm.thankYouHeading}
        </h2>
        <p>{feedbackForm.thankYouText}</p>
        <a className={buttonClassName()} href={paths.landing}>
          {site.homeLinkLabel}
        </a>
      </section>
    );
  }

  return (
    <section className="card feedback" aria-labelledby="feedback-title">
      <h2 id="feedback-title">{feedbackForm.heading}</h2>
      <p className="feedback__optional" id="feedback-optional">
        {feedbackForm.optionalNote}
      </p>
      <form
        ref={formRef}
        className="feedback__form"
        onSubmit={onSubmit}
        onFocus={onFocus}
        aria-describedby="feedback-optional"
        aria-busy={submitting}
        data-recaptcha-action={config.recaptchaSiteKey ? RECAPTCHA_ACTION : undefined}
      >
        {FEEDBACK_FIELDS.map(question)}
        <Button type="submit" disabled={submitting}>
          {submitting ? SUBMITTING_FEEDBACK_LABEL : feedbackForm.submitLabel}
        </Button>
      </form>
    </section>
  );
}
