// An attribution filter (source, campaign) as a <select> holds it: null is "any" (the empty value), ''
// the signups without one (an option value no attribution can have), anything else that value.
/** The option of the signups without one. */
export const NO_ATTRIBUTION_OPTION = '\u0000none';

export const attributionOptionValue = (value: string): string => (value === '' ? NO_ATTRIBUTION_OPTION : value);

export const selectedAttribution = (value: string | null): string =>
  value === null ? '' : attributionOptionValue(value);

export const chosenAttribution = (selected: string): string | null =>
  selected === '' ? null : selected === NO_ATTRIBUTION_OPTION ? '' : selected;
