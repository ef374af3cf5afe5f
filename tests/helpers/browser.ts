/**
 * A minimal browser for tests: `fetch` with a cookie jar (path-scoped, honouring deletions) and manual
 * redirects, so each hop of a sign-in can be seen and checked.
 */

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export class Browser {
  private readonly cookies = new Map<string, Cookie>();

  /** One request; cookies sent and stored, redirects not followed. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookieHeader = this.cookieHeader(target.pathname);
    if (cookieHeader) headers.set('cookie', cookieHeader);
    const response = await fetch(target, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  get(url: string): Promise<Response> {
    return this.request(url);
  }

  postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects from `response` until one is not a redirect or `stop` says so. */
  async follow(
    response: Response,
    base: string,
    stop: (location: URL) => boolean = () => false,
  ): Promise<Response | URL> {
    let current = response;
    for (let hop = 0; hop < 10; hop++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      const next = new URL(location, base);
      if (stop(next)) return next;
      current = await this.get(next.href);
      base = next.href;
    }
    throw new Error('More than 10 redirects');
  }

  cookie(name: string): string | undefined {
    return [...this.cookies.values()].find((c) => c.name === name)?.value;
  }

  private cookieHeader(pathname: string): string {
    return [...this.cookies.values()]
      .filter((c) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }

  private store(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator).trim();
    const value = pair.slice(separator + 1).trim();
    let path = '/';
    let expired = value === '';
    for (const attribute of attributes) {
      const [key = '', attributeValue = ''] = attribute.trim().split('=');
      if (key.toLowerCase() === 'path') path = attributeValue;
      if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
      if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
    }
    const key = `${name}\0${path}`;
    if (expired) this.cookies.delete(key);
    else this.cookies.set(key, { name, value, path });
  }
}
