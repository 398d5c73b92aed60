// POST {api}/admin (createTeamMember): an Admin adds a team member.
// Authorization: Bearer <ID token> (or `token` in the body); the caller's roles come from staff/{email}.
// Body {email, username, password, roles}, validated with the PRODUCT.md#validation rules and messages. An empty
// password makes the server generate a one-time password, returned once. Creates the Auth user, then
// staff/{email} and username_mappings/{lower(username)} in one transaction; if that transaction fails
// (username taken meanwhile, or any error) the Auth user is deleted, so nothing is left half-made.
//   200 {message[, temporaryPassword]} · 400 · 401 · 403 · 409 · 429 · 500
import { COLLECTIONS } from '@silk/schema/constants';
import type { NewTeamMember } from '@silk/schema/entities';
import {
  EMAIL_ALREADY_REGISTERED,
  addMemberSucceeded,
  INVALID_EMAIL,
  oneTimePasswordNotice,
  PASSWORD_POLICY,
  USERNAME_TAKEN,
} from '@silk/schema/messages';
import { generateOneTimePassword } from '@silk/schema/password';
import type { Role } from '@silk/schema/roles';
import { staffRecordData } from '@silk/schema/staff-record';
import { usernameKey } from '@silk/schema/validators';
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/logger';
import { endpoint, type EndpointDeps } from '../http/endpoint';
import { HttpError, type HttpHandler } from '../http/http';

export interface NewMember {
  /** The Auth account the record belongs to. */
  uid: string;
  email: string;
  username: string;
  roles: Role[];
  createdBy: string;
}

/** Thrown by commitMember when the username (or the e-mail's staff record) already exists. */
export class MemberConflict extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

/** Writes staff/{email} and the username mapping together, refusing if either exists. */
export async function commitMember(db: Firestore, member: NewMember): Promise<void> {
  const staffRef = db.collection(COLLECTIONS.staff).doc(member.email);
  const mappingRef = db.collection(COLLECTIONS.usernameMappings).doc(usernameKey(member.username));
  await db.runTransaction(async (transaction) => {
    const [staff, mapping] = await transaction.getAll(staffRef, mappingRef);
    if (mapping?.exists) throw new MemberConflict(USERNAME_TAKEN);
    if (staff?.exists) throw new MemberConflict(EMAIL_ALREADY_REGISTERED);
    transaction.create(
      staffRef,
      staffRecordData(
        {
          uid: member.uid,
          username: member.username,
          roles: member.roles,
          mustChangePassword: true,
          createdBy: member.createdBy,
        },
        FieldValue.serverTimestamp(),
      ),
    );
    transaction.create(mappingRef, { username: member.username, email: member.email });
  });
}

export interface CreateTeamMemberDeps extends EndpointDeps {
  /** The Firestore write (injectable so a test can make it fail). */
  commitMember: (db: Firestore, member: NewMember) => Promise<void>;
}

interface ValidInput extends NewTeamMember {
  generated: boolean;
}

/** The member as the shared schema read it, with the password to set: typed, or generated when empty. */
function withPassword(member: NewTeamMember): ValidInput {
  return {
    ...member,
    password: member.password || generateOneTimePassword(),
    generated: member.password === '',
  };
}

function authErrorCode(error: unknown): string {
  return String((error as { code?: unknown }).code ?? '');
}

export function makeCreateTeamMemberHandler(deps: Partial<CreateTeamMemberDeps> = {}): HttpHandler {
  const commit = deps.commitMember ?? commitMember;
  return endpoint(
    'createTeamMember',
    async ({ services: { auth, db }, caller, body, audit }) => {
      const input = withPassword(body);

      // Cheap early answers; the transaction below is what guarantees them under concurrency.
      const mapping = await db
        .collection(COLLECTIONS.usernameMappings)
        .doc(usernameKey(input.username))
        .get();
      if (mapping.exists) throw new HttpError(409, USERNAME_TAKEN);

      let uid: string;
      try {
        // The Admin vouches for the address: staff are matched by verified e-mail (firestore.rules).
        uid = (
          await auth.createUser({
            email: input.email,
            emailVerified: true,
            password: input.password,
            displayName: input.username,
          })
        ).uid;
      } catch (error) {
        const code = authErrorCode(error);
        if (code === 'auth/email-already-exists') throw new HttpError(409, EMAIL_ALREADY_REGISTERED);
        if (code === 'auth/invalid-email') throw new HttpError(400, INVALID_EMAIL);
        if (code === 'auth/invalid-password') throw new HttpError(400, PASSWORD_POLICY);
        throw error;
      }

      try {
        await commit(db, {
          uid,
          email: input.email,
          username: input.username,
          roles: input.roles,
          createdBy: caller.email,
        });
      } catch (error) {
        try {
          await auth.deleteUser(uid);
        } catch (cleanupError) {
          logger.error(
            'createTeamMember: could not delete the Auth user after a failed write',
            uid,
            cleanupError,
          );
        }
        if (error instanceof MemberConflict) throw new HttpError(409, error.userMessage);
        throw error;
      }

      await audit({
        action: 'member.added',
        target: input.email,
        details: { username: input.username, roles: input.roles, generatedPassword: input.generated },
      });
      const message = addMemberSucceeded(input.username);
      return input.generated
        ? {
            message: `${message} ${oneTimePasswordNotice(input.password)}`,
            temporaryPassword: input.password,
          }
        : { message };
    },
    deps,
  );
}
