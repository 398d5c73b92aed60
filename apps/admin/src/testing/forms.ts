import { render, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { beforeEach } from 'vitest';

/** Before each test, the mocked calls forget their calls and results. */
export function resetBeforeEach(...mocks: { mockReset: () => unknown }[]) {
  beforeEach(() => {
    for (const mock of mocks) mock.mockReset();
  });
}

export interface FormUser {
  user: UserEvent;
  /** Types each text into the field of that label, in order; an empty text is not typed. */
  fill: (texts: Record<string, string>) => Promise<void>;
  /** Clicks the button of that name. */
  press: (name: string) => Promise<void>;
  /** The same, inside one part of the page (a card). */
  within: (part: HTMLElement) => FormUser;
}

function formUser(user: UserEvent, part: HTMLElement): FormUser {
  const queries = within(part);
  return {
    user,
    fill: async (texts) => {
      for (const [label, text] of Object.entries(texts)) {
        if (text) await user.type(queries.getByLabelText(label), text);
      }
    },
    press: (name) => user.click(queries.getByRole('button', { name })),
    within: (inner) => formUser(user, inner),
  };
}

/** Renders `ui` and returns a user to fill in and submit its forms. */
export function renderForm(ui: ReactElement): FormUser {
  const user = userEvent.setup();
  render(ui);
  return formUser(user, document.body);
}
