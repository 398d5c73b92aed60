import { useId } from 'react';

interface CountInputProps {
  label: string;
  /** 1 unless given. */
  min?: number;
  max: number;
  /** The id of a text that explains the field. */
  describedBy?: string;
  /** The text as typed: the form checks it when submitted. */
  value: string;
  onChange: (value: string) => void;
}

/** A labelled input for a whole number from `min` (1) to `max`. */
export function CountInput({ label, min = 1, max, describedBy, value, onChange }: CountInputProps) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        aria-describedby={describedBy}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
