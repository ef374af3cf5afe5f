import { describe, expect, it } from 'vitest';
import { authConfigOf } from '#src/model/auth-config';

describe("the page's sign-in configuration (GET /api/config)", () => {
  it('is taken when it names an issuer, a client id and a scope, and nothing else comes with it', () => {
    const body = {
      issuer: 'http://127.0.0.1:3000/oidc',
      clientId: 'investments-tracker',
      scope: 'openid profile offline_access',
      extra: '<script>',
    };
    expect(authConfigOf(body)).toEqual({
      issuer: 'http://127.0.0.1:3000/oidc',
      clientId: 'investments-tracker',
      scope: 'openid profile offline_access',
    });
  });

  it('is refused when a field is missing, empty or not text, or the body is no object', () => {
    for (const body of [
      null,
      'config',
      [],
      {},
      { issuer: 'x', clientId: 'y' },
      { issuer: '', clientId: 'y', scope: 'openid' },
      { issuer: 'x', clientId: 7, scope: 'openid' },
    ]) {
      expect(authConfigOf(body), JSON.stringify(body)).toBeNull();
    }
  });
});
