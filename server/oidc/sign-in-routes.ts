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
import { authenticate, registerAccount } from './accounts';
import { BUILT_IN_SCOPE } from './built-in-provider';
import {
  AUTO_SUBMIT_SCRIPT,
  AUTO_SUBMIT_SCRIPT_PATH,
  messagePage,
  signInPage,
  STYLESHEET,
  STYLESHEET_PATH,
  type SignInPageInput,
} from './pages';

type Interaction = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface SignInRoutesOptions {
  provider: Provider;
  accounts: AccountStore;
  publicUrl: string;
  demo: { username: string; password: string } | undefined;
}

const FORM_LIMIT_BYTES = 16 * 1024;
/** The pages carry a per-browser anti-forgery value: never cached. */
const PAGE_HEADERS = { 'Cache-Control': 'no-store' };
const SUPPORTED_SCOPES = new Set(BUILT_IN_SCOPE.split(' '));

export function signInRoutes({ provider, accounts, publicUrl, demo }: SignInRoutesOptions): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const appLink = { href: `${publicUrl}/`, text: 'Back to Investments Tracker' };

  const asset = (body: string, contentType: string) => (c: Context<AppEnv>) =>
    c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=3600' });
  routes.get(STYLESHEET_PATH, asset(STYLESHEET, 'text/css; charset=utf-8'));
  routes.get(AUTO_SUBMIT_SCRIPT_PATH, asset(AUTO_SUBMIT_SCRIPT, 'text/javascript; charset=utf-8'));

  routes.use(
    '/signin/*',
    bodyLimit({ maxSize: FORM_LIMIT_BYTES, onError: (c) => c.text('Form too large', 413) }),
    xsrfGuard({ acceptFormField: true }),
  );

  /** The interaction of this browser, or a page saying the sign-in link expired. */
  const withInteraction = async (
    c: Context<AppEnv>,
    then: (interaction: Interaction) => Promise<Response>,
  ): Promise<Response> => {
    let interaction: Interaction;
    try {
      interaction = await provider.interactionDetails(c.env.incoming, c.env.outgoing);
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

  const page = (c: Context<AppEnv>, uid: string, input: Partial<SignInPageInput>, status: 200 | 400 | 401 | 409 = 200) =>
    c.html(signInPage({ uid, xsrfToken: requestContext(c.env.incoming).xsrfToken, demo, ...input }), status, PAGE_HEADERS);

  /** Signs the account in and grants our own client what it asked for: no consent screen. */
  const finish = async (c: Context<AppEnv>, interaction: Interaction, accountId: string) => {
    const grantId = await grantFor(provider, interaction, accountId);
    const returnTo = await provider.interactionResult(c.env.incoming, c.env.outgoing, {
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

  routes.post('/signin/:uid/login', (c) =>
    withInteraction(c, async (interaction) => {
      const form = await c.req.parseBody();
      const username = String(form.username ?? '');
      const account = await authenticate(accounts, username, String(form.password ?? ''));
      if (!account) {
        return page(c, interaction.uid, { signIn: { username, error: 'Wrong username or password.' } }, 401);
      }
      return finish(c, interaction, account.sub);
    }),
  );

  routes.post('/signin/:uid/register', (c) =>
    withInteraction(c, async (interaction) => {
      const form = await c.req.parseBody();
      const username = String(form.username ?? '');
      const result = await registerAccount(
        accounts,
        username,
        String(form.password ?? ''),
        String(form.passwordAgain ?? ''),
      );
      if (!result.ok) {
        const status = result.reason === 'taken' ? 409 : 400;
        return page(c, interaction.uid, { register: { username, error: result.message } }, status);
      }
      return finish(c, interaction, result.account.sub);
    }),
  );

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
