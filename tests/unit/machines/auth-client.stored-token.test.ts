/**
 * What the page hands its worker before the session is checked (`storedIdToken`): the ID token of the
 * session oidc-client-ts keeps in session storage, unchecked, or null when the tab holds none or the entry
 * is not a stored user. The worker only names its store after it (src/worker/held-quotes/warm.ts).
 */
import { describe, expect, it } from 'vitest';
import { mayBeSignedIn, storedIdToken } from '#src/machines/services/auth-client';

/** A session storage holding `entries`. */
function storage(entries: Record<string, string>): Storage {
  const keys = Object.keys(entries);
  return {
    get length() {
      return keys.length;
    },
    key: (i: number) => keys[i] ?? null,
    getItem: (key: string) => entries[key] ?? null,
    setItem: () => undefined,
    removeItem: () => undefined,
    clear: () => undefined,
  };
}

describe('the session token handed to the worker ahead of the session check', () => {
  it("is the stored user's ID token", () => {
    const held = storage({
      'oidc.state': 'x',
      'oidc.user:http://localhost/oidc:app': JSON.stringify({ id_token: 'a.b.c', profile: { sub: 'u1' } }),
    });
    expect(mayBeSignedIn(held, 'http://localhost/dashboard')).toBe(true);
    expect(storedIdToken(held)).toBe('a.b.c');
  });

  it('is null when the tab holds no stored user, or one without a token, or not JSON', () => {
    expect(storedIdToken(storage({}))).toBeNull();
    expect(storedIdToken(storage({ 'oidc.user:i:c': JSON.stringify({ profile: { sub: 'u1' } }) }))).toBeNull();
    expect(storedIdToken(storage({ 'oidc.user:i:c': JSON.stringify({ id_token: '' }) }))).toBeNull();
    expect(storedIdToken(storage({ 'oidc.user:i:c': '{not json' }))).toBeNull();
    expect(storedIdToken(storage({ 'other:key': JSON.stringify({ id_token: 'a.b.c' }) }))).toBeNull();
  });
});
