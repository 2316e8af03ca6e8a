import { createHash } from 'node:crypto';

/**
 * shell §5: a standard local part with the allowed symbols, @, domain labels of at most 63 characters (letters,
 * digits, inner hyphens), at least one dot. 254 characters at most (RFC 5321).
 */
export const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

export const MAX_EMAIL_LENGTH = 254;

/** The common webmail domains whose mailboxes ignore dots and +suffixes in the local part. */
const WEBMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** Trim and lowercase: the address as stored and mailed. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

export const isValidEmail = (email: string): boolean => {
  const e = normaliseEmail(email);
  return e.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(e);
};

/** The mailbox an address reaches: for webmail, dots and any +suffix are dropped from the local part. */
export function canonicalEmail(email: string): string {
  const e = normaliseEmail(email);
  const at = e.lastIndexOf('@');
  if (at < 1) return e;
  const domain = e.slice(at + 1);
  if (!WEBMAIL_DOMAINS.has(domain)) return e;
  const local = e.slice(0, at).split('+')[0]!.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** The hashed email form (sha256 hex of the canonical address): one account per mailbox, and the ad-identity record. */
export const emailHash = (email: string): string => createHash('sha256').update(canonicalEmail(email)).digest('hex');
