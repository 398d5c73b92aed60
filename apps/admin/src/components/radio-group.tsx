import { useId, type ReactNode } from 'react';

interface RadioGroupProps<T extends string> {
  legend: string;
  /** The fieldset's class (each tab lays its choices out its own way). */
  className: string;
  options: readonly T[];
  value: T;
  label: (option: T) => ReactNode;
  onChange: (option: T) => void;
}

/** One choice among a few, as native radio buttons in a fieldset named by its legend (arrow keys move the choice). */
export function RadioGroup<T extends string>({
  legend,
  className,
  options,
  value,
  label,
  onChange,
}: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option}>
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          {label(option)}
        </label>
      ))}
    </fieldset>
  );
}
