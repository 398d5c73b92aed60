// POST /api/team/remove (teamRemove, admin host) {email}: an Admin removes a member: the staff record
// and username mapping go in one transaction (from then on the account is staff nowhere), then the
// account's sessions are revoked and the Auth account deleted. The team always keeps one Admin who can
// act (team.ts).
//   200 {message} · 400 · 401 · 403 · 404 unknown member · 409 last Admin who can act · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { LAST_ADMIN_REQUIRED, memberRemoved } from '@silk/schema/messages';
import { usernameKey } from '@silk/schema/validators';
import { logger } from 'firebase-functions/logger';
import { HttpError } from '../http/http';
import { findMember, memberAccount, teamIn, usableAdminsAfter } from './team';
import { endpoint, type EndpointDeps, type EndpointHandler } from '../http/endpoint';

const removeMember: EndpointHandler<'teamRemove'> = async ({ services, body: { email }, audit }) => {
  const { db } = services;
  const member = await db.runTransaction(async (transaction) => {
    const members = await teamIn(services, transaction);
    const target = findMember(members, email);
    if ((await usableAdminsAfter(services.auth, members, { email, removed: true })) === 0)
      throw new HttpError(409, LAST_ADMIN_REQUIRED);
    // Every read before the first write, as transactions require.
    const mapping = target.username
      ? db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(target.username))
      : null;
    const mappingOwner = mapping ? (await transaction.get(mapping)).get('email') : undefined;
    transaction.delete(db.collection(COLLECTIONS.staff).doc(email));
    if (mapping && mappingOwner === email) transaction.delete(mapping);
    return target;
  });
  // The record is gone, so the account is no longer staff anywhere; now end its sessions and delete it.
  const uid = await memberAccount(services.auth, member);
  if (uid) {
    try {
      await services.auth.revokeRefreshTokens(uid);
      await services.auth.deleteUser(uid);
    } catch (error) {
      if ((error as { code?: string }).code !== 'auth/user-not-found') {
        logger.error(
          'teamRemove: the Auth account was not deleted (it grants nothing without its record)',
          error,
        );
      }
    }
  }
  await audit({
    action: 'member.removed',
    target: email,
    details: { username: member.username, roles: member.roles },
  });
  return { message: memberRemoved(email) };
};

export const makeTeamRemoveHandler = (deps: Partial<EndpointDeps> = {}) =>
  endpoint('teamRemove', removeMember, deps);
