/**
 * Every wrong `Authorization` we can think of, each wrong in one way unless the point is several: no
 * token, malformed, unsigned (`alg: none`), HMAC-signed with the server's public key (algorithm
 * confusion), signed by another key (under the server's key id, an unknown one, a `jku` or embedded
 * `jwk` pointing at the attacker's key, a path in `kid`), wrong `iss` or `aud`, expired, not yet valid,
 * without `exp` or `sub`, a genuine token with its payload edited, and tokens that are not ID tokens.
 */
import { SignJWT, type JWTPayload } from 'jose';
import {
  foreignSigningKey,
  mintIdToken,
  nowSeconds,
  unsignedIdToken,
  type IdTokenClaims,
  type SigningKey,
} from '../id-tokens';

export interface ForgedAuthorization {
  name: string;
  /** undefined: no Authorization header at all. */
  header: string | undefined;
}

export interface ForgeryInputs {
  serverKey: SigningKey;
  issuer: string;
  clientId: string;
  /** Whose set the forgeries try to reach. */
  victimSub: string;
  /** A genuine ID token of someone else (the attacker's own), to edit. */
  attackerIdToken: string;
  /** The attacker's refresh token: not an ID token. */
  attackerRefreshToken: string | undefined;
  /** Where the `jku` forgery says the attacker's keys are. */
  attackerJwksUrl: string;
}

const base64url = (value: object | string) =>
  Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

/** Signs with any header; `crit` extensions are declared understood so jose writes them. */
function signWithHeader(key: SigningKey, header: Record<string, unknown>, payload: JWTPayload): Promise<string> {
  const crit = Array.isArray(header.crit)
    ? Object.fromEntries((header.crit as string[]).map((name) => [name, true]))
    : undefined;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: key.alg, ...header })
    .sign(key.privateKey, crit ? { crit } : undefined);
}

export async function forgedAuthorizations(inputs: ForgeryInputs): Promise<ForgedAuthorization[]> {
  const { serverKey, issuer, clientId, victimSub } = inputs;
  const claims: IdTokenClaims = { iss: issuer, aud: clientId, sub: victimSub };
  const attacker = await foreignSigningKey();
  const attackerUnderServerKid = await foreignSigningKey(serverKey.kid);
  const fresh = { iat: nowSeconds(), exp: nowSeconds() + 3600 };
  const genuine = await mintIdToken(serverKey, claims);
  const [genuineHeader = '', genuinePayload = '', genuineSignature = ''] = genuine.split('.');
  const [attackerHeader = '', attackerPayload = '', attackerSignature = ''] = inputs.attackerIdToken.split('.');
  const editedPayload = {
    ...(JSON.parse(Buffer.from(attackerPayload, 'base64url').toString()) as JWTPayload),
    sub: victimSub,
  };
  const publicKeyAsSecret = new TextEncoder().encode(JSON.stringify(serverKey.publicJwk));
  const hmac = (secret: Uint8Array) =>
    new SignJWT({ ...claims, ...fresh }).setProtectedHeader({ alg: 'HS256', kid: serverKey.kid }).sign(secret);

  const list: Array<[string, string | undefined | Promise<string>]> = [
    ['no Authorization header', undefined],
    ['an empty header', ''],
    ['"Bearer" alone', 'Bearer'],
    ['"Bearer " and spaces', 'Bearer    '],
    ['Basic credentials', `Basic ${Buffer.from('demo:demo').toString('base64')}`],
    ['not a JWT', 'not-a-jwt'],
    ['two dots', '..'],
    ['three random segments', `${base64url('x')}.${base64url('y')}.${base64url('z')}`],
    ['a JSON payload in clear', `${base64url({ alg: 'RS256' })}.${JSON.stringify(claims)}.sig`],
    ['8 KB of garbage', 'A'.repeat(8 * 1024)],
    [
      'a genuine token with its signature mangled',
      `${genuineHeader}.${genuinePayload}.${genuineSignature.slice(0, -6)}AAAAAA`,
    ],
    ['a genuine token with its signature removed', `${genuineHeader}.${genuinePayload}.`],
    ['a genuine token with a space inside', `${genuineHeader}. ${genuinePayload}.${genuineSignature}`],
    ['alg: none', unsignedIdToken({ ...claims })],
    ['alg: NONE', `${base64url({ alg: 'NONE', typ: 'JWT' })}.${base64url({ ...claims, ...fresh })}.`],
    ['a genuine header swapped for alg: none', `${base64url({ alg: 'none', kid: serverKey.kid })}.${genuinePayload}.`],
    ['HS256 keyed with the server public key (algorithm confusion)', hmac(publicKeyAsSecret)],
    ['HS256 keyed with "secret"', hmac(new TextEncoder().encode('secret'))],
    ['another key under the server key id', mintIdToken(attackerUnderServerKid, claims)],
    ['another key with an unknown key id', mintIdToken(attacker, claims)],
    [
      'another key announced in jku',
      signWithHeader(attacker, { kid: attacker.kid, jku: inputs.attackerJwksUrl }, { ...claims, ...fresh }),
    ],
    ['another key embedded as jwk', signWithHeader(attacker, { jwk: attacker.publicJwk }, { ...claims, ...fresh })],
    [
      'another key with a path in kid',
      signWithHeader(attacker, { kid: '../../oidc-keys.json' }, { ...claims, ...fresh }),
    ],
    [
      'an unknown critical header',
      signWithHeader(
        serverKey,
        { kid: serverKey.kid, crit: ['x-must-understand'], 'x-must-understand': 1 },
        { ...claims, ...fresh },
      ),
    ],
    [
      'the attacker token with the victim sub pasted in',
      `${attackerHeader}.${base64url(editedPayload)}.${attackerSignature}`,
    ],
    ['a wrong issuer', mintIdToken(serverKey, { ...claims, iss: 'https://evil.example/oidc' })],
    ['the issuer with a trailing slash', mintIdToken(serverKey, { ...claims, iss: `${issuer}/` })],
    ['a wrong audience', mintIdToken(serverKey, { ...claims, aud: 'someone-else' })],
    ['an audience list without us', mintIdToken(serverKey, { ...claims, aud: ['a', 'b'] as unknown as string })],
    ['expired an hour ago', mintIdToken(serverKey, { ...claims, iat: nowSeconds() - 7200, exp: nowSeconds() - 3600 })],
    [
      'expired beyond the 30 s tolerance',
      mintIdToken(serverKey, { ...claims, iat: nowSeconds() - 600, exp: nowSeconds() - 90 }),
    ],
    ['not valid before an hour from now', mintIdToken(serverKey, { ...claims, nbf: nowSeconds() + 3600 })],
    ['without exp', signWithHeader(serverKey, { kid: serverKey.kid }, { ...claims, iat: nowSeconds() })],
    ['without sub', mintIdToken(serverKey, { ...claims, sub: undefined as unknown as string })],
    ['an empty sub', mintIdToken(serverKey, { ...claims, sub: '' })],
    ['a refresh token', inputs.attackerRefreshToken ?? 'no-refresh-token'],
  ];
  return Promise.all(list.map(async ([name, header]) => ({ name, header: await header })));
}
