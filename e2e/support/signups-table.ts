// Reading the panel's Waitlist Signups table and a row's details dialog as a person sees them.
import type { Locator, Page } from 'playwright-core';

/** The e-mail cell of every body row the table shows, in its order (a small filtered set: all rendered). */
export async function emailsShown(page: Page): Promise<string[]> {
  const rows = page.getByRole('table', { name: 'Waitlist signups' }).getByRole('row');
  const texts: string[] = [];
  for (const row of await rows.all()) {
    const cells = row.getByRole('cell');
    if ((await cells.count()) > 0) texts.push((await cells.first().textContent()) ?? '');
  }
  return texts;
}

/** A details dialog's terms and what each reads ("Invitation" → "Joined"). */
export async function detailsOf(dialog: Locator): Promise<Record<string, string>> {
  const terms = await dialog.locator('dt').allTextContents();
  const values = await dialog.locator('dd').allTextContents();
  return Object.fromEntries(terms.map((term, index) => [term, values[index] ?? '']));
}
