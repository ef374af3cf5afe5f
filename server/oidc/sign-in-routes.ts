/**
 * The built-in provider's interaction pages at `/signin/:uid` (oidc-provider sends the browser here):
 * sign in, create an account, and the consent our first-party SPA never has to click through.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { errors, type Provider } from 'oidc-provider';
import type { AppEnv } from '../http/app-env';
import { requestContext } from '../http/request-context';
import { xsrfGuard } from '../http/xsrf-guard';
import type { AccountStore } from '../storage/types';
import { authenticate, normalizeUsername, registerAccount } from './accounts';
import { BUILT_IN_SCOPE } from './built-in-provider';
import { parseSignInForm } from './form-body';
import {
  AUTO_SUBMIT_SCRIPT,
  AUTO_SUBMIT_SCRIPT_PATH,
  messagePage,
  signInPage,
  STYLESHEET,
  STYLESHEET_PATH,
  type SignInPageInput,
} from './pages';
import { HashingBusy } from './passwords';
import { createSignInLimits, takeAll, tryAgainAt, type SignInLimits } from './sign-in-limits';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface SignInRoutesOptions {
  /** The provider as it is now: rebuilt when the keys in the database change. */
  provider: () => Provider;
  accounts: AccountStore;
  publicUrl: string;
  demo: { username: string; password: string } | undefined;
  /** Attempt limits; one set per server unless given. */
  limits?: SignInLimits;
}

const FORM_LIMIT_BYTES = 16 * 1024;
/** The pages carry a per-browser anti-forgery value: never cached. */
const PAGE_HEADERS = { 'Cache-Control': 'no-store' };
const SUPPORTED_SCOPES = new Set(BUILT_IN_SCOPE.split(' '));

/** The TCP peer, IPv4-mapped IPv6 written as IPv4. */
function clientAddress(c: Context<AppEnv>): string {
  const address = c.env.incoming.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

export function signInRoutes({
  provider,
  accounts,
  publicUrl,
  demo,
  limits = createSignInLimits(),
}: SignInRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const appLink = { href: `${publicUrl}/`, text: 'Back to Investments Tracker' };

  const asset = (body: string, contentType: string) => (c: Context<AppEnv>) =>
    c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600' });
  routes.get(STYLESHEET_PATH, asset(STYLESHEET, 'text/css; charset=utf-8'));
  routes.get(AUTO_SUBMIT_SCRIPT_PATH, asset(AUTO_SUBMIT_SCRIPT, 'text/javascript; charset=utf-8'));

  routes.use(
    '/signin/*',
    bodyLimit({ maxSize: FORM_LIMIT_BYTES, onError: (c) => c.text('Form too large', 413) }),
    parseSignInForm(),
    xsrfGuard({ acceptFormField: true }),
  );

  /** The interaction of this browser, or a page saying the sign-in link expired. */
  const withInteraction = async (
    c: Context<AppEnv>,
    then: (interaction: Interaction) => Promise<Response>,
  ): Promise<Response> => {
    let interaction: Interaction;
    try {
      interaction = await provider().interactionDetails(c.env.incoming, c.env.outgoing);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      return expired(c);
    }
    if (interaction.uid !== c.req.param('uid')) return expired(c);
    return then(interaction);
  };

  const expired = (c: Context<AppEnv>) =>
    c.html(
      messagePage({
        title: 'Sign-in expired',
        message: 'This sign-in page is no longer valid. Start again from the app.',
        link: appLink,
      }),
      400,
      PAGE_HEADERS,
    );

  const page = (
    c: Context<AppEnv>,
    uid: string,
    input: Partial<SignInPageInput>,
    status: 200 | 400 | 401 | 409 | 429 | 503 = 200,
    headers: Record<string, string> = {},
  ) =>
    c.html(signInPage({ uid, xsrfToken: requestContext(c.env.incoming).xsrfToken, demo, ...input }), status, {
      ...PAGE_HEADERS,
      ...headers,
    });

  type Form = 'signIn' | 'register';
  const limited = (c: Context<AppEnv>, uid: string, form: Form, username: string, retryAtMs: number) => {
    const what =
      form === 'signIn'
        ? 'Too many sign-in attempts for this account or from your address.'
        : 'Too many attempts to create accounts from your address, or with this username.';
    const retryAfterS = String(Math.max(1, Math.ceil((retryAtMs - Date.now()) / 1000)));
    return page(c, uid, { [form]: { username, error: `${what} ${tryAgainAt(retryAtMs)}` } }, 429, {
      'Retry-After': retryAfterS,
    });
  };
  const busy = (c: Context<AppEnv>, uid: string, form: Form, username: string) =>
    page(c, uid, { [form]: { username, error: new HashingBusy().message } }, 503, { 'Retry-After': '5' });

  /** Signs the account in and grants our own client what it asked for: no consent screen. */
  const finish = async (c: Context<AppEnv>, interaction: Interaction, accountId: string) => {
    const grantId = await grantFor(provider(), interaction, accountId);
    const returnTo = await provider().interactionResult(c.env.incoming, c.env.outgoing, {
      login: { accountId },
      consent: { grantId },
    });
    return c.redirect(returnTo, 303);
  };

  routes.get('/signin/:uid', (c) =>
    withInteraction(c, async (interaction) => {
      if (interaction.prompt.name === 'login') return page(c, interaction.uid, {});
      const accountId = interaction.session?.accountId;
      if (interaction.prompt.name === 'consent' && accountId) return finish(c, interaction, accountId);
      const problem = messagePage({ title: 'Sign-in problem', message: 'Unexpected sign-in step.', link: appLink });
      return c.html(problem, 400, PAGE_HEADERS);
    }),
  );

  // The limits are checked before the interaction is loaded, so a flood of refused posts costs little.
  routes.post('/signin/:uid/login', async (c) => {
    const form = await c.req.parseBody();
    const username = String(form.username ?? '');
    const accountKey = normalizeUsername(username);
    // Counted before the password is checked, so parallel guesses count too; a success gives it back.
    const attempt = takeAll([
      [limits.account, accountKey],
      [limits.address, clientAddress(c)],
    ]);
    if (!attempt.ok) return limited(c, c.req.param('uid'), 'signIn', username, attempt.retryAtMs);
    return withInteraction(c, async (interaction) => {
      let account: Awaited<ReturnType<typeof authenticate>>;
      try {
        account = await authenticate(accounts, username, String(form.password ?? ''));
      } catch (error) {
        // A full hashing queue still counts as an attempt: retrying at once must not get around it.
        if (error instanceof HashingBusy) return busy(c, interaction.uid, 'signIn', username);
        throw error;
      }
      if (!account) {
        return page(c, interaction.uid, { signIn: { username, error: 'Wrong username or password.' } }, 401);
      }
      attempt.release();
      limits.account.clear(accountKey);
      return finish(c, interaction, account.sub);
    });
  });

  routes.post('/signin/:uid/register', async (c) => {
    const form = await c.req.parseBody();
    const username = String(form.username ?? '');
    // A creation counts against the address; a taken username with a wrong password is a failed
    // sign-in of that account (creating an account you have signs you in, so it must not bypass that).
    const attempt = takeAll([
      [limits.create, clientAddress(c)],
      [limits.account, normalizeUsername(username)],
    ]);
    if (!attempt.ok) return limited(c, c.req.param('uid'), 'register', username, attempt.retryAtMs);
    const [releaseCreate, releaseAccount] = attempt.releases;
    return withInteraction(c, async (interaction) => {
      let result: Awaited<ReturnType<typeof registerAccount>>;
      try {
        result = await registerAccount(
          accounts,
          username,
          String(form.password ?? ''),
          String(form.passwordAgain ?? ''),
        );
      } catch (error) {
        if (error instanceof HashingBusy) return busy(c, interaction.uid, 'register', username);
        throw error;
      }
      if (!result.ok) {
        // A form refused before any hashing (a typo) costs nothing: it does not count.
        if (result.reason === 'invalid') attempt.release();
        return page(
          c,
          interaction.uid,
          { register: { username, error: result.message } },
          result.reason === 'taken' ? 409 : 400,
        );
      }
      releaseAccount?.();
      if (result.existing) {
        releaseCreate?.();
        limits.account.clear(normalizeUsername(username));
      }
      return finish(c, interaction, result.account.sub);
    });
  });

  return routes;
}

async function grantFor(provider: Provider, interaction: Interaction, accountId: string): Promise<string> {
  const clientId = String(interaction.params.client_id);
  const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
  const grant = existing?.accountId === accountId ? existing : new provider.Grant({ accountId, clientId });
  const requested = String(interaction.params.scope ?? '')
    .split(' ')
    .filter((scope) => SUPPORTED_SCOPES.has(scope));
  grant.addOIDCScope(requested);
  const missingClaims = interaction.prompt.details.missingOIDCClaims;
  if (Array.isArray(missingClaims)) grant.addOIDCClaims(missingClaims.map(String));
  return grant.save();
}
