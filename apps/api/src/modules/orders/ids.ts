import { randomBytes } from 'node:crypto';

/** 128 random bits, base64url (22 characters): the public tracking id nobody can guess. */
export function newTrackingId(): string {
  return randomBytes(16).toString('base64url');
}

/** 60 random bits, base64url (10 characters): short enough for a link, too many to enumerate. */
export function newShortId(): string {
  return randomBytes(8).toString('base64url').slice(0, 10);
}
