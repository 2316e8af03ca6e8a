import { describe, expect, it } from 'vitest';
import { canonicalEmail, emailHash, isValidEmail } from './email-rules.js';

describe('email rules (shell §5)', () => {
  it('accepts standard addresses and refuses malformed ones', () => {
    expect(isValidEmail('  Jane.Doe+memes@Example.co.uk ')).toBe(true);
    for (const bad of ['', 'plain', 'a@b', 'a@@b.com', 'a b@c.com', 'a@-b.com', `a@${'x'.repeat(64)}.com`, 'a@b..com']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('drops dots and +suffix for webmail only, and hashes the canonical form', () => {
    expect(canonicalEmail(' J.Doe+x@GMail.com')).toBe('jdoe@gmail.com');
    expect(canonicalEmail('j.doe+x@googlemail.com')).toBe('jdoe@googlemail.com');
    expect(canonicalEmail('j.doe+x@example.com')).toBe('j.doe+x@example.com');
    expect(emailHash('J.Doe@gmail.com')).toBe(emailHash('jdoe+news@gmail.com'));
    expect(emailHash('jdoe@gmail.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});
