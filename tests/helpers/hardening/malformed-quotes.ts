/**
 * Bad requests to `POST /api/quotes`, each with the answer it must get: symbols that are not Yahoo
 * symbols (injection attempts into Yahoo's URL, SQL, shell, templates, HTML; look-alike unicode; control
 * characters), ranges that are inverted, empty or out of bounds, 1,000 symbols, and wrong envelopes.
 * None of them may cause a single request upstream.
 */

export interface BadQuotesRequest {
  name: string;
  /** Sent as JSON unless `raw` is given. */
  body?: unknown;
  raw?: string;
  contentType?: string;
  method?: 'POST' | 'GET' | 'PUT' | 'DELETE';
  expected: { status: number; message: RegExp; issuePath?: string };
}

/** A range in the past that a valid request would use: the first half of 2024. */
export const GOOD_RANGE = { start: Date.UTC(2024, 0, 1) / 1000, end: Date.UTC(2024, 6, 1) / 1000 };

export const BAD_SYMBOLS: Array<[string, unknown]> = [
  ['empty', ''],
  ['a space', ' '],
  ['a leading space', ' MSFT'],
  ['a space inside', 'MS FT'],
  ['21 characters', 'A'.repeat(21)],
  ['a path up to another API', 'MSFT/../../v7/finance/quote'],
  ['a path to a file', '../../../etc/passwd'],
  ['an encoded slash', 'MSFT%2F..%2Fv7'],
  ['a query string', 'MSFT?period1=0&interval=1m'],
  ['an extra parameter', 'MSFT&crumb=stolen'],
  ['a fragment', 'MSFT#x'],
  ['a full URL', 'https://evil.example/'],
  ['a protocol-relative URL', '//evil.example'],
  ['header injection', 'MSFT\r\nHost: evil.example'],
  ['a NUL', 'MSFT\u0000'],
  ['a tab', 'MSFT\t'],
  ['SQL', "x'; DROP TABLE quote_cache;--"],
  ['a SQL quote', "MSFT'"],
  ['a shell substitution', '$(reboot)'],
  ['backticks', '`id`'],
  ['a pipe', 'MSFT|cat'],
  ['a semicolon', 'MSFT;ls'],
  ['a template', '${jndi:ldap://127.0.0.1/a}'],
  ['a moustache', '{{7*7}}'],
  ['HTML', '<script>alert(1)</script>'],
  ['Cyrillic look-alikes', '\u0410\u0410PL'],
  ['full-width letters', '\uff2d\uff33\uff26\uff34'],
  ['an emoji', '\ud83d\udcc8'],
  ['a lone surrogate', '\ud800'],
  ['a right-to-left override', '\u202eTFSM'],
  ['a number', 123],
  ['null', null],
  ['true', true],
  ['an array', ['MSFT']],
  ['an object', { symbol: 'MSFT' }],
];

const INVALID = /Invalid quotes request/;

function badSymbols(): BadQuotesRequest[] {
  const requests: BadQuotesRequest[] = [];
  for (const [name, symbol] of BAD_SYMBOLS) {
    requests.push({
      name: `symbol: ${name}`,
      body: { symbol, ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbol' },
    });
    requests.push({
      name: `symbols: ${name} among good ones`,
      body: { symbols: ['MSFT', symbol, 'AAPL'], ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbols.1' },
    });
  }
  return requests;
}

function badRanges(): BadQuotesRequest[] {
  const { start, end } = GOOD_RANGE;
  const nowSeconds = Math.floor(Date.now() / 1000);
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an inverted range', { start: end, end: start }, 'end'],
    ['an empty range', { start, end: start }, 'end'],
    ['a start before 1970', { start: -86_400, end }, 'start'],
    ['a fractional start', { start: start + 0.5, end }, 'start'],
    ['a start as a string', { start: String(start), end }, 'start'],
    ['an end as an ISO date', { start, end: '2024-07-01' }, 'end'],
    ['an end a year from now', { start, end: nowSeconds + 365 * 86_400 }, 'end'],
    ['an end of 1e20', { start, end: 1e20 }, 'end'],
    ['no start', { end }, 'start'],
    ['no end', { start }, 'end'],
    ['a null start', { start: null, end }, 'start'],
    ['an end as an array', { start, end: [end] }, 'end'],
  ];
  return cases.map(([name, range, issuePath]) => ({
    name: `range: ${name}`,
    body: { symbols: ['MSFT'], ...range },
    expected: { status: 400, message: INVALID, issuePath },
  }));
}

function badShapes(): BadQuotesRequest[] {
  const many = (count: number) => Array.from({ length: count }, (_, i) => `S${i}`);
  return [
    {
      name: '1,000 symbols',
      body: { symbols: many(1000), ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbols' },
    },
    {
      name: '101 symbols',
      body: { symbols: many(101), ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbols' },
    },
    {
      name: '1,000 symbols of 20 characters (over 16 KB)',
      body: { symbols: many(1000).map((s) => s.padEnd(20, 'X')), ...GOOD_RANGE },
      expected: { status: 413, message: /larger than/ },
    },
    {
      name: 'no symbols',
      body: { symbols: [], ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbols' },
    },
    {
      name: 'one symbol twice in different case',
      body: { symbols: ['MSFT', 'msft'], ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: 'symbols.1' },
    },
    {
      name: 'symbol and symbols together',
      body: { symbol: 'MSFT', symbols: ['AAPL'], ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: '' },
    },
    {
      name: 'an unknown key',
      body: { symbols: ['MSFT'], interval: '1m', ...GOOD_RANGE },
      expected: { status: 400, message: INVALID, issuePath: '' },
    },
    {
      name: 'a proxy URL key',
      body: { symbols: ['MSFT'], url: 'http://169.254.169.254/', ...GOOD_RANGE },
      expected: { status: 400, message: INVALID },
    },
    { name: 'an array body', body: [{ symbol: 'MSFT', ...GOOD_RANGE }], expected: { status: 400, message: INVALID } },
    { name: 'a null body', body: null, expected: { status: 400, message: INVALID } },
    { name: 'broken JSON', raw: '{"symbols":["MSFT"],', expected: { status: 400, message: /not valid JSON/ } },
    {
      name: 'NaN in JSON',
      raw: `{"symbols":["MSFT"],"start":NaN,"end":${GOOD_RANGE.end}}`,
      expected: { status: 400, message: /not valid JSON/ },
    },
    {
      name: 'text/plain',
      body: { symbols: ['MSFT'], ...GOOD_RANGE },
      contentType: 'text/plain',
      expected: { status: 415, message: /application\/json/ },
    },
    {
      name: 'a form',
      raw: 'symbol=MSFT',
      contentType: 'application/x-www-form-urlencoded',
      expected: { status: 415, message: /application\/json/ },
    },
    { name: 'GET', method: 'GET', expected: { status: 405, message: /POST/ } },
    {
      name: 'PUT',
      method: 'PUT',
      body: { symbols: ['MSFT'], ...GOOD_RANGE },
      expected: { status: 405, message: /POST/ },
    },
    { name: 'DELETE', method: 'DELETE', expected: { status: 405, message: /POST/ } },
  ];
}

export function badQuotesRequests(): BadQuotesRequest[] {
  return [...badSymbols(), ...badRanges(), ...badShapes()];
}
