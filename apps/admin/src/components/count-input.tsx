import { useId } from 'react';

interface CountInputProps {
  label: string;
  max: number;
  /** The text as typed: the form checks it when submitted. */
  value: string;
  onChange: (value: string) => void;
}

/** A labelled input for a whole number from 1 to `max`. */
export function CountInput({ label, max, value, onChange }: CountInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={max}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
