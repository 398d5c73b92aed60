// POST /api/team/update (teamUpdate, admin host) {email, roles?, disabled?}: an Admin edits a member's
// roles or disables / enables them. Roles take effect on the next request (rules and functions read the
// record); disabling also disables the Auth account and revokes its sessions. The team always keeps one
// Admin who can act (team.ts). Audited.
//   200 {message} · 400 · 401 · 403 · 404 unknown member · 409 last Admin who can act · 429
import { COLLECTIONS } from '@silk/schema/constants';
import { LAST_ADMIN_REQUIRED, memberUpdated } from '@silk/schema/messages';
import { FieldValue } from 'firebase-admin/firestore';
import { HttpError } from '../http/http';
import { applyAccountStatus, findMember, teamIn, usableAdminsAfter } from './team';
import { endpoint, type AuditActionOf, type EndpointDeps, type EndpointHandler } from '../http/endpoint';

const updateMember: EndpointHandler<'teamUpdate'> = async ({
  services,
  caller: admin,
  body: input,
  audit,
}) => {
  const { db } = services;
  // In a transaction over the whole team (small): two Admins demoting each other at once cannot both win.
  const member = await db.runTransaction(async (transaction) => {
    const members = await teamIn(services, transaction);
    const target = findMember(members, input.email);
    const change = { email: target.email, roles: input.roles, disabled: input.disabled };
    if ((await usableAdminsAfter(services.auth, members, change)) === 0) {
      throw new HttpError(409, LAST_ADMIN_REQUIRED);
    }
    transaction.update(db.collection(COLLECTIONS.staff).doc(target.email), {
      ...(input.roles !== undefined ? { roles: input.roles } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: admin.email,
    });
    return target;
  });
  if (input.disabled !== undefined) await applyAccountStatus(services, member, input.disabled);
  const action: AuditActionOf<'teamUpdate'> =
    input.disabled === true && !member.disabled
      ? 'member.disabled'
      : input.disabled === false && member.disabled
        ? 'member.enabled'
        : 'member.updated';
  await audit({
    action,
    target: member.email,
    details: {
      ...(input.roles !== undefined ? { roles: input.roles, previousRoles: member.roles } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {}),
    },
  });
  return { message: memberUpdated(member.email) };
};

export const makeTeamUpdateHandler = (deps: Partial<EndpointDeps> = {}) =>
  endpoint('teamUpdate', updateMember, deps);
