import { useState, type ChangeEvent } from 'react';

/** The controlled input named `name`: spread `props` (name, value, onChange) on it; `set` replaces the value. */
export function useTextInput(name: string) {
  const [value, set] = useState('');
  const onChange = (event: ChangeEvent<HTMLInputElement>) => set(event.target.value);
  return { value, set, props: { name, value, onChange } };
}
