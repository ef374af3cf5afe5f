/**
 * The built-in OpenID provider (oidc-provider) at `${publicUrl}/oidc`, for one person or a small team:
 * one public client (the SPA) with code flow + PKCE and rotating refresh tokens, accounts in our
 * storage, our own sign-in pages (`sign-in-routes.ts`) and no consent screen for our own client.
 */
import { Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { Log } from '../log';
import type { Storage } from '../storage/types';
import { autoSubmitPage, confirmSignOutPage, messagePage } from './pages';
import type { ProviderKeys } from './provider-keys';
import { storageAdapter } from './storage-adapter';

export const BUILT_IN_CLIENT_ID = 'investments-tracker';
/** `offline_access` is asked for so external-provider setups and this one look alike to the SPA. */
export const BUILT_IN_SCOPE = 'openid profile offline_access';
export const OIDC_MOUNT_PATH = '/oidc';

const HOUR_SECONDS = 3600;
const DAY_SECONDS = 24 * HOUR_SECONDS;

export interface BuiltInProvider {
  provider: Provider;
  issuer: string;
  clientId: string;
}

export function createBuiltInProvider(options: {
  publicUrl: string;
  storage: Storage;
  keys: ProviderKeys;
  log: Log;
}): BuiltInProvider {
  const { publicUrl, storage, keys, log } = options;
  const issuer = `${publicUrl}${OIDC_MOUNT_PATH}`;
  const publicOrigin = new URL(publicUrl).origin;
  const appLink = { href: `${publicUrl}/`, text: 'Back to Investments Tracker' };

  const configuration: Configuration = {
    adapter: storageAdapter(storage.oidc),
    clients: [
      {
        client_id: BUILT_IN_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        application_type: 'web',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${publicUrl}/callback`],
        post_logout_redirect_uris: [`${publicUrl}/callback`],
      },
    ],
    jwks: { keys: keys.signingKeys as NonNullable<Configuration['jwks']>['keys'] },
    cookies: { keys: keys.cookieKeys },
    responseTypes: ['code'],
    pkce: { required: () => true },
    claims: { openid: ['sub'], profile: ['name', 'preferred_username'] },
    // The SPA shows the name from the ID token; it never calls userinfo.
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = await storage.accounts.findBySub(sub);
      if (!account) return undefined;
      return {
        accountId: account.sub,
        claims: async () => ({ sub: account.sub, name: account.username, preferred_username: account.username }),
      };
    },
    // Refresh tokens for our SPA whether or not the request carried prompt=consent with offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Only the app's own origin (PUBLIC_URL's) may call the token endpoint from a browser. (Comparing
    // with ctx.origin, built from the request's own Host, let any origin through.)
    clientBasedCORS: (_ctx, origin) => origin === publicOrigin,
    interactions: { url: (_ctx, interaction) => `/signin/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        // One step when the app asks with the user's own ID token (its sub is the session's account);
        // otherwise (no hint, or someone else's) the user confirms: another site cannot sign them out.
        logoutSource: async (ctx, form) => {
          const withLogout = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
          const hint = ctx.oidc.entities.IdTokenHint as { payload?: { sub?: unknown } } | undefined;
          const ownHint = hint?.payload?.sub !== undefined && hint.payload.sub === ctx.oidc.session?.accountId;
          ctx.type = 'html';
          ctx.body = ownHint
            ? autoSubmitPage('Signing out', withLogout, 'Sign out')
            : confirmSignOutPage(withLogout, { href: `${publicUrl}/`, text: 'Stay signed in' });
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage({ title: 'Signed out', message: 'You are signed out.', link: appLink });
        },
      },
    },
    ttl: {
      AccessToken: HOUR_SECONDS,
      AuthorizationCode: 60,
      IdToken: HOUR_SECONDS,
      Interaction: HOUR_SECONDS,
      Session: 14 * DAY_SECONDS,
      Grant: 14 * DAY_SECONDS,
      // Rotation hands out a new refresh token with what was left of the old one: signing in again is
      // needed every 14 days, however often the SPA renews.
      RefreshToken: (ctx, _token, _client) => ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? 14 * DAY_SECONDS,
    },
    renderError: async (ctx: KoaContextWithOIDC, out) => {
      ctx.type = 'html';
      ctx.body = messagePage({
        title: 'Sign-in problem',
        message: String(out.error_description ?? out.error),
        link: appLink,
      });
    },
  };

  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy (https PUBLIC_URL), trust its X-Forwarded-Proto for the URLs we build.
  provider.proxy = publicUrl.startsWith('https:');
  provider.on('server_error', (_ctx, error) => log.error('OpenID provider error', { error }));
  return { provider, issuer, clientId: BUILT_IN_CLIENT_ID };
}
