/**
 * The built-in provider's pages in the product's look: sign-in with "Create account", messages, and
 * the sign-out step. No inline script and no external font, so they pass the same CSP as the app.
 */

export const PAGE_ASSETS_PATH = '/signin/assets';
export const STYLESHEET_PATH = `${PAGE_ASSETS_PATH}/sign-in.css`;
export const AUTO_SUBMIT_SCRIPT_PATH = `${PAGE_ASSETS_PATH}/auto-submit.js`;

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function layout(title: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Investments Tracker</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${head}
</head>
<body>
<main class="auth-card">
<p class="brand">Investments Tracker</p>
${body}
</main>
</body>
</html>
`;
}

export interface SignInPageInput {
  uid: string;
  xsrfToken: string;
  /** Shows the demo account's sign-in. */
  demo: { username: string; password: string } | undefined;
  signIn?: { username: string; error?: string };
  register?: { username: string; error?: string };
}

export function signInPage(input: SignInPageInput): string {
  const action = (step: string) => `/signin/${encodeURIComponent(input.uid)}/${step}`;
  const xsrf = `<input type="hidden" name="_xsrf" value="${escapeHtml(input.xsrfToken)}">`;
  const error = (text: string | undefined, id: string) =>
    text ? `<p class="error" id="${id}" role="alert">${escapeHtml(text)}</p>` : '';
  const demo = input.demo
    ? `<p class="hint">Just looking? Sign in as <strong>${escapeHtml(input.demo.username)}</strong> with the password <strong>${escapeHtml(input.demo.password)}</strong>.</p>`
    : '';
  const registerOpen = input.register ? ' open' : '';
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
${demo}
<form method="post" action="${action('login')}" class="auth-form" aria-describedby="sign-in-error">
${xsrf}
${error(input.signIn?.error, 'sign-in-error')}
<label for="sign-in-username">Username</label>
<input id="sign-in-username" name="username" autocomplete="username" required autofocus value="${escapeHtml(input.signIn?.username ?? '')}">
<label for="sign-in-password">Password</label>
<input id="sign-in-password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<details class="register"${registerOpen}>
<summary>Create account</summary>
<form method="post" action="${action('register')}" class="auth-form" aria-describedby="register-error">
${xsrf}
${error(input.register?.error, 'register-error')}
<label for="register-username">Username</label>
<input id="register-username" name="username" autocomplete="username" required minlength="3" maxlength="32" value="${escapeHtml(input.register?.username ?? '')}">
<label for="register-password">Password (at least 8 characters)</label>
<input id="register-password" name="password" type="password" autocomplete="new-password" required minlength="8">
<label for="register-password-again">Password again</label>
<input id="register-password-again" name="passwordAgain" type="password" autocomplete="new-password" required minlength="8">
<button type="submit">Create account</button>
</form>
</details>`,
  );
}

export interface MessagePageInput {
  title: string;
  message: string;
  link?: { href: string; text: string };
}

export function messagePage(input: MessagePageInput): string {
  const link = input.link
    ? `<p><a class="button" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.text)}</a></p>`
    : '';
  return layout(input.title, `<h1>${escapeHtml(input.title)}</h1>\n<p>${escapeHtml(input.message)}</p>\n${link}`);
}

/** A page that submits its one form at once; without JavaScript the user presses the button. */
export function autoSubmitPage(title: string, formHtml: string, buttonText: string): string {
  const form = formHtml.replace(
    '</form>',
    `<noscript><button type="submit">${escapeHtml(buttonText)}</button></noscript></form>`,
  );
  return layout(
    title,
    `<h1>${escapeHtml(title)}</h1>\n${form}`,
    `<script src="${AUTO_SUBMIT_SCRIPT_PATH}" defer></script>`,
  );
}

/**
 * Sign out only when the user says so: for a request that did not carry the user's own ID token (any
 * site can send the browser to the end-session URL). No script: the button posts the form.
 */
export function confirmSignOutPage(formHtml: string, stay: { href: string; text: string }): string {
  const form = formHtml.replace('</form>', '<button type="submit">Sign out</button></form>');
  return layout(
    'Sign out?',
    `<h1>Sign out?</h1>\n<p>Do you want to sign out of Investments Tracker?</p>\n${form}\n<p><a href="${escapeHtml(stay.href)}">${escapeHtml(stay.text)}</a></p>`,
  );
}

export const AUTO_SUBMIT_SCRIPT = 'document.forms[0].submit();\n';

export const STYLESHEET = `:root {
  --bg: #f6f7f9; --surface: #ffffff; --text: #1d2430; --muted: #5b6573; --primary: #1f6feb;
  --primary-text: #ffffff; --border: #d8dde4; --negative: #c62828; --focus: #ff9800;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: var(--text); background: var(--bg); line-height: 1.45;
}
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: start center; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.auth-card { width: min(26rem, calc(100% - 2rem)); margin: 4rem 0 2rem; background: var(--surface);
  border: 1px solid var(--border); border-radius: 8px; padding: 1.5rem; }
.brand { font-weight: 600; color: var(--muted); margin: 0 0 0.5rem; }
h1 { font-size: 1.6rem; margin: 0 0 1rem; }
.hint { background: #eef1f5; border-radius: 6px; padding: 0.5rem 0.75rem; }
.auth-form { display: grid; gap: 0.35rem; margin: 0 0 1rem; }
.auth-form label { font-size: 0.85rem; color: var(--muted); margin-top: 0.4rem; }
input { font: inherit; padding: 0.45rem 0.6rem; border: 1px solid var(--border); border-radius: 4px; background: #fff; }
button, .button { font: inherit; cursor: pointer; border: 1px solid var(--primary); background: var(--primary);
  color: var(--primary-text); padding: 0.45rem 1rem; border-radius: 6px; margin-top: 0.75rem;
  text-decoration: none; display: inline-block; justify-self: start; }
.register { border-top: 1px solid var(--border); padding-top: 1rem; }
.register summary { cursor: pointer; color: var(--primary); font-weight: 600; }
.error { color: var(--negative); margin: 0.25rem 0; }
`;
