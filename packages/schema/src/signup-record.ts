// The landing record: what a signup writes to waitlist_signups/{email} when someone joins — made here
// once for the browser (data-access waitlist.ts), `/api/join` (functions) and the seed data (tooling).
// Pure: the caller hands over its own clock (a Firestore server timestamp, or a Date).
import { NOT_AVAILABLE } from './constants';
import {
  LOCATION_KEYS,
  SIGNUP_SOURCE,
  type Attribution,
  type AttributionField,
  type FieldWrittenBy,
  type VisitorLocation,
} from './signup-fields';
import { normalizeEmail } from './validators';

/** A location nothing is known of. */
export const UNKNOWN_LOCATION: VisitorLocation = Object.fromEntries(
  LOCATION_KEYS.map((key) => [key, NOT_AVAILABLE]),
) as unknown as VisitorLocation;

/** The landing record, with the writer's time type (a server-timestamp sentinel, or a Date). */
export type LandingRecord<Time> = Record<
  Exclude<FieldWrittenBy<'join'>, 'editKeyHash' | AttributionField>,
  unknown
> &
  Attribution & {
    email: string;
    source: typeof SIGNUP_SOURCE;
    ip: string;
    location: VisitorLocation;
    timestamp: Time;
    updatedAt: Time;
    /** The hash of the edit key of the session the signup belongs to: bound when the write creates the signup. */
    editKeyHash?: string;
  };

export interface LandingInput {
  /** As typed: it is normalised here (the document id). */
  email: string;
  /** The visitor's address; 'N/A' when unknown (missing or empty). */
  ip?: string | null;
  /** The visitor's location; every part 'N/A' when unknown. */
  location?: VisitorLocation | null;
  /**
   * The hash of the writing session's edit key (@silk/schema/edit-key); left out when not given (a
   * repeat signup of another session).
   */
  editKeyHash?: string | null;
  /** Where the visit came from: only valid fields (@silk/schema/attribution); none when unknown. */
  attribution?: Attribution | null;
}

/**
 * {email, source, ip, location, timestamp, updatedAt, editKeyHash?}: written with set + merge, so a repeat
 * signup refreshes the landing fields only. `now` gives the time of both stamps (called once for each).
 */
export function landingRecord<Time>(
  { email, ip, location, editKeyHash, attribution }: LandingInput,
  now: () => Time,
): LandingRecord<Time> {
  return {
    email: normalizeEmail(email),
    source: SIGNUP_SOURCE,
    ip: ip ? ip : NOT_AVAILABLE,
    location: location ?? UNKNOWN_LOCATION,
    timestamp: now(),
    updatedAt: now(),
    ...(editKeyHash ? { editKeyHash } : {}),
    ...attribution,
  };
}
