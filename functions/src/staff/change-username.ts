// POST /api/account/username (changeUsername, admin host) {username}: a member renames themself. The
// staff record and the username mappings change in one transaction (usernames are unique whatever
// their case); audited with the old and new name.
//   200 {message} · 400 · 401 · 403 · 409 USERNAME_TAKEN · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { USERNAME_TAKEN, USERNAME_UPDATED } from '@silk/schema/messages';
import { parseStaffRecord } from '@silk/schema/staff-record';
import { usernameKey } from '@silk/schema/validators';
import { endpoint, type EndpointHandler, type EndpointDeps } from '../http/endpoint';
import { HttpError } from '../http/http';

const renameSelf: EndpointHandler<'changeUsername'> = async ({
  services,
  caller: member,
  body: { username },
  audit,
}) => {
  const { db } = services;
  const staffRef = db.collection(COLLECTIONS.staff).doc(member.email);
  const mappings = db.collection(COLLECTIONS.usernameMappings);
  const previous = await db.runTransaction(async (transaction) => {
    const newMapping = mappings.doc(usernameKey(username));
    const [staff, taken] = await transaction.getAll(staffRef, newMapping);
    if (taken?.exists && taken.get('email') !== member.email) throw new HttpError(409, USERNAME_TAKEN);
    // Every mapping of this member's (the current name's, and any stray one) makes way for the new one.
    const own = await transaction.get(mappings.where('email', '==', member.email));
    transaction.update(staffRef, { username });
    transaction.set(newMapping, { username, email: member.email });
    for (const mapping of own.docs) if (mapping.id !== newMapping.id) transaction.delete(mapping.ref);
    return parseStaffRecord(staff?.data()).username;
  });
  await audit({
    action: 'username.changed',
    target: member.email,
    details: { from: previous, to: username },
  });
  return { message: USERNAME_UPDATED };
};

export const makeChangeUsernameHandler = (deps: Partial<EndpointDeps> = {}) =>
  endpoint('changeUsername', renameSelf, deps);
