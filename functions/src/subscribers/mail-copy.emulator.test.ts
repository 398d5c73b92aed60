// The e-mail copy Admins edit, against the emulators: an edited confirmation subject is the subject of
// the next confirmation in MailDev; a copy that drops the confirm link is refused with a message naming
// it and changes nothing; a restore brings back an earlier version as the newest one (who and when kept,
// audited); a stale editor is refused, the same copy again writes nothing; Staff may read, not change.
import type { MailKind } from '@silk/schema/mail-copy';
import { MAIL_KIND_SPECS } from '@silk/schema/mail-copy';
import type { MailCopyKindView } from '@silk/schema/mail-copy-api';
import { COLLECTIONS } from '@silk/schema/constants';
import {
  MAIL_COPY_ADMIN_REQUIRED,
  MAIL_COPY_CONFLICT,
  MAIL_COPY_VERSION_NOT_FOUND,
} from '@silk/schema/messages';
import { waitForMailTo } from '@silk/stack/maildev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminServices } from '../shared/admin';
import {
  createStaff,
  functionUrls,
  post,
  unique,
  uniqueEmail,
  type TestStaff,
} from '../../test-support/emulator';
import { linkIn, signUpOnSite } from '../../test-support/mail';
import { expectRefusal } from '../../test-support/refusals';
import { CONFIRM_BUTTON_LABEL } from './templates/confirmation';

const { db } = adminServices();
const urls = functionUrls({ list: 'mailCopyList', save: 'mailCopySave', restore: 'mailCopyRestore' });
const DEFAULT = MAIL_KIND_SPECS.confirmation.defaults;
let admin: TestStaff;
let staff: TestStaff;

const call = (url: string, member: TestStaff, body: unknown) =>
  post(url, body, { headers: { Authorization: `Bearer ${member.idToken}` } });

async function view(kind: MailKind, member: TestStaff = admin): Promise<MailCopyKindView> {
  const response = await call(urls.list, member, {});
  expect(response.status).toBe(200);
  const found = (response.body.kinds as MailCopyKindView[]).find((entry) => entry.kind === kind);
  if (!found) throw new Error(`no ${kind} in the list`);
  return found;
}

const inForce = async (kind: MailKind) => (await view(kind)).current?.version ?? 0;

async function save(subject: string, body = DEFAULT.body): Promise<number> {
  const response = await call(urls.save, admin, {
    kind: 'confirmation',
    subject,
    body,
    baseVersion: await inForce('confirmation'),
  });
  expect(response.status, response.text).toBe(200);
  return response.body.version as number;
}

/** The subject of the confirmation a new signup receives now. */
async function confirmationSubject(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await signUpOnSite(email);
  const [mail] = await waitForMailTo(email);
  // The button's link is still there, whatever the subject.
  expect(linkIn(mail?.text ?? '', CONFIRM_BUTTON_LABEL)).toMatch(/\/confirm\?token=/);
  return mail?.subject ?? '';
}

beforeAll(async () => {
  [admin, staff] = await Promise.all([createStaff(['Admin']), createStaff(['Staff'])]);
});

afterAll(async () => {
  // Later files expect the default confirmation.
  await call(urls.restore, admin, {
    kind: 'confirmation',
    version: 0,
    baseVersion: await inForce('confirmation'),
  });
});

describe('the e-mail copy (emulator)', () => {
  it("sends the next confirmation with an Admin's edited subject, and audits the save", async () => {
    const subject = `Confirm your spot on the {{productName}} waitlist (${unique('edit')})`;
    const version = await save(subject);
    expect(await confirmationSubject('copy-edited')).toBe(subject.replace('{{productName}}', 'Silk'));
    const current = (await view('confirmation', staff)).current;
    expect(current).toMatchObject({ version, subject, body: DEFAULT.body, savedBy: admin.email });
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('actor', '==', admin.email)
      .where('action', '==', 'mailcopy.saved')
      .get();
    expect(audit.docs.map((doc) => doc.get('details'))).toContainEqual(
      expect.objectContaining({ kind: 'confirmation', version }),
    );
  });

  it('refuses a confirmation without the confirm link with a clear message, and keeps the copy in force', async () => {
    const before = await view('confirmation');
    const response = await call(urls.save, admin, {
      kind: 'confirmation',
      subject: 'Welcome',
      body: DEFAULT.body.replace(`[${CONFIRM_BUTTON_LABEL}]({{confirmLink}})`, 'Reply to this e-mail.'),
      baseVersion: before.current?.version ?? 0,
    });
    expectRefusal(response, [
      400,
      'Keep the link {{confirmLink}}: this e-mail cannot do its job without it.',
    ]);
    const unknown = await call(urls.save, admin, {
      kind: 'confirmation',
      subject: 'Hi {{firstName}}',
      body: DEFAULT.body,
      baseVersion: before.current?.version ?? 0,
    });
    expectRefusal(unknown, [400, '{{firstName}} is not a variable this e-mail can use.']);
    expect(await view('confirmation')).toEqual(before);
  });

  it('restores the previous version in one request, as the newest, keeping who and when', async () => {
    const first = `First ${unique('v')} {{productName}}`;
    const second = `Second ${unique('v')}`;
    const older = await save(first);
    const newer = await save(second);
    const response = await call(urls.restore, admin, {
      kind: 'confirmation',
      version: older,
      baseVersion: newer,
    });
    expect(response.status).toBe(200);
    const restored = response.body.version as number;
    expect(restored).toBe(newer + 1);
    const after = await view('confirmation');
    expect(after.current).toMatchObject({ version: restored, subject: first, restoredFrom: older });
    expect(after.versions.map((version) => version.version).slice(0, 3)).toEqual([restored, newer, older]);
    for (const version of after.versions.slice(0, 3)) {
      expect(version.savedBy).toBe(admin.email);
      expect(version.savedAt).toBeGreaterThan(Date.now() - 120_000);
    }
    expect(await confirmationSubject('copy-restored')).toBe(first.replace('{{productName}}', 'Silk'));
    const audit = await db
      .collection(COLLECTIONS.auditLog)
      .where('actor', '==', admin.email)
      .where('action', '==', 'mailcopy.restored')
      .get();
    expect(audit.docs.map((doc) => doc.get('details'))).toContainEqual(
      expect.objectContaining({ kind: 'confirmation', version: restored, restored: older, previous: newer }),
    );
  });

  it('refuses a stale editor (409) and an unknown version (404); the same copy again writes nothing', async () => {
    const current = await inForce('confirmation');
    const stale = await call(urls.save, admin, {
      kind: 'confirmation',
      subject: `Stale ${unique('s')}`,
      body: DEFAULT.body,
      baseVersion: current - 1,
    });
    expectRefusal(stale, [409, MAIL_COPY_CONFLICT]);
    const missing = await call(urls.restore, admin, {
      kind: 'confirmation',
      version: current + 50,
      baseVersion: current,
    });
    expectRefusal(missing, [404, MAIL_COPY_VERSION_NOT_FOUND]);
    const { subject, body } = (await view('confirmation')).current ?? DEFAULT;
    const again = await Promise.all(
      [1, 2].map(() => call(urls.save, admin, { kind: 'confirmation', subject, body, baseVersion: current })),
    );
    expect(again.map((response) => response.body)).toEqual([{ version: current }, { version: current }]);
    expect(await inForce('confirmation')).toBe(current);
  });

  it('lets one of two different saves from the same version win, refusing the other (409)', async () => {
    const current = await inForce('confirmation');
    const subjects = [`First ${unique('a')}`, `Second ${unique('b')}`];
    const answers = await Promise.all(
      subjects.map((subject) =>
        call(urls.save, admin, { kind: 'confirmation', subject, body: DEFAULT.body, baseVersion: current }),
      ),
    );
    const won = answers.findIndex((response) => response.status === 200);
    expect(won).toBeGreaterThanOrEqual(0);
    expect(answers[won]?.body).toEqual({ version: current + 1 });
    expectRefusal(answers[1 - won] as (typeof answers)[number], [409, MAIL_COPY_CONFLICT]);
    const after = await view('confirmation');
    expect(after.current).toMatchObject({ version: current + 1, subject: subjects[won] });
  });

  it('lets Staff read the copy but not change or restore it', async () => {
    const before = await view('confirmation', staff);
    expectRefusal(
      await call(urls.save, staff, {
        kind: 'confirmation',
        subject: 'By Staff',
        body: DEFAULT.body,
        baseVersion: before.current?.version ?? 0,
      }),
      [403, MAIL_COPY_ADMIN_REQUIRED],
    );
    expectRefusal(
      await call(urls.restore, staff, {
        kind: 'confirmation',
        version: 0,
        baseVersion: before.current?.version ?? 0,
      }),
      [403, MAIL_COPY_ADMIN_REQUIRED],
    );
    expect(await view('confirmation', staff)).toEqual(before);
  });
});
