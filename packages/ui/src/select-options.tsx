export interface SelectOption {
  value: string;
  label: string;
}

/** A select's options, in order: each submits its value and shows its label. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
