/**
 * Generated malformed requests to `PUT /api/transactions`, each with the answer it must get: broken JSON,
 * wrong shapes, every field of every list with wrong types and out-of-range values (NaN, Infinity, huge
 * numbers, impossible dates, unicode and control characters in tickers), prototype keys, deep nesting,
 * wrong content types and methods, stale versions, and the large ones (a 10 MiB body, a chunked body
 * with no length, 50,000 transactions with one bad, 50,000 all bad, 100,001 transactions).
 */
import type { TransactionType } from '#src/model/transaction';
import { BAD_DIVIDEND_FIELD_VALUES, BAD_FIELD_VALUES } from './bad-field-values';

export interface MalformedRequest {
  name: string;
  /** A string goes as UTF-8; bytes as they are; a function makes a fresh stream (chunked, no length). */
  body: string | Uint8Array | (() => ReadableStream<Uint8Array>);
  /** `null` sends no Content-Type at all. */
  contentType?: string | null;
  method?: 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  expected: {
    status: number;
    /** The JSON `message` must match. */
    message: RegExp;
    /** A path the `issues` must name (validation refusals). */
    issuePath?: string;
  };
}

const LISTS: readonly TransactionType[] = ['stock', 'dividend', 'commission'];

/** A valid transaction of a list, as JSON text fields in order. */
function validFields(type: TransactionType): Record<string, string> {
  return {
    ticker: '"VWCE.DE"',
    type: `"${type}"`,
    date: '"2023-05-02"',
    amount: type === 'stock' ? '3' : '1',
    value: '300.5',
    currency: '"EUR"',
  };
}

const objectText = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([key, raw]) => `${JSON.stringify(key)}:${raw}`)
    .join(',')}}`;

/** A body whose list `type` holds a good transaction, then `bad` (raw JSON text) at index 1. */
function bodyWith(type: TransactionType, bad: string): string {
  const lists = LISTS.map((list) => `"${list}":[${list === type ? `${objectText(validFields(type))},${bad}` : ''}]`);
  return `{"transactions":{${lists.join(',')}}}`;
}

export const VALID_BODY = JSON.stringify({
  transactions: {
    stock: [{ ticker: 'VWCE.DE', type: 'stock', date: '2023-05-02', amount: 3, value: 300.5, currency: 'EUR' }],
    dividend: [],
    commission: [],
  },
});

const NOT_JSON = /not valid JSON/;
const TOO_DEEP = /nests arrays or objects more than 8 deep/;
const notValidAt = (path: string) => new RegExp(`not valid; nothing was saved\\. ${path.replace(/\./g, '\\.')}`);

function brokenJson(): MalformedRequest[] {
  const texts: Array<[string, string]> = [
    ['an empty body', ''],
    ['only whitespace', ' \n\t '],
    ['a lone brace', '{'],
    ['a lone bracket', '['],
    ['a trailing comma', VALID_BODY.replace(']', ',]')],
    ['single quotes', VALID_BODY.replaceAll('"', "'")],
    ['unquoted keys', VALID_BODY.replace('"transactions"', 'transactions')],
    ['a comment', `/* saved */${VALID_BODY}`],
    ['NaN as a value', VALID_BODY.replace('300.5', 'NaN')],
    ['Infinity as a value', VALID_BODY.replace('300.5', 'Infinity')],
    ['-Infinity as an amount', VALID_BODY.replace('"amount":3', '"amount":-Infinity')],
    ['undefined as a value', VALID_BODY.replace('300.5', 'undefined')],
    ['a hex number', VALID_BODY.replace('300.5', '0x12C')],
    ['a leading zero', VALID_BODY.replace('"amount":3', '"amount":03')],
    ['a plus sign', VALID_BODY.replace('"amount":3', '"amount":+3')],
    ['a bare decimal point', VALID_BODY.replace('300.5', '.5')],
    ['a raw NUL in a string', VALID_BODY.replace('VWCE.DE', 'VWCE\u0000DE')],
    ['a raw line break in a string', VALID_BODY.replace('VWCE.DE', 'VWCE\nDE')],
    ['an invalid escape', VALID_BODY.replace('VWCE.DE', 'VWCE\\x2EDE')],
    ['two bodies in a row', `${VALID_BODY}${VALID_BODY}`],
    ['text after the body', `${VALID_BODY} and more`],
    ['a missing closing brace', VALID_BODY.slice(0, -1)],
    ['an unbalanced million brackets', '['.repeat(1_000_000)],
    ['a JavaScript object literal', `({transactions: {stock: [], dividend: [], commission: []}})`],
    ['XML', '<transactions><stock/></transactions>'],
  ];
  // Cut the valid body at ten places: every cut is a half-sent request.
  for (let i = 1; i <= 10; i++) {
    const at = Math.floor((VALID_BODY.length * i) / 11);
    texts.push([`the body cut after ${at} of ${VALID_BODY.length} characters`, VALID_BODY.slice(0, at)]);
  }
  return texts.map(([name, body]) => ({
    name: `broken JSON: ${name}`,
    body,
    // Deep nesting is refused before parsing, broken or not.
    expected: { status: 400, message: body.startsWith('[[[[[[[[[') ? TOO_DEEP : NOT_JSON },
  }));
}

function wrongShapes(): MalformedRequest[] {
  const cases: Array<[string, string, string]> = [
    ['null', 'null', ''],
    ['an array', '[]', ''],
    ['a string', '"transactions"', ''],
    ['a number', '42', ''],
    ['true', 'true', ''],
    ['an empty object', '{}', 'transactions'],
    ['transactions: null', '{"transactions":null}', 'transactions'],
    ['transactions: an array', '{"transactions":[]}', 'transactions'],
    ['transactions: a string', '{"transactions":"all"}', 'transactions'],
    ['transactions: a number', '{"transactions":1}', 'transactions'],
    ['transactions: an empty object', '{"transactions":{}}', 'transactions.stock'],
    [
      'an unknown key at the top',
      `{"transactions":{"stock":[],"dividend":[],"commission":[]},"sub":"someone-else"}`,
      '',
    ],
    ['an unknown list', `{"transactions":{"stock":[],"dividend":[],"commission":[],"bonds":[]}}`, 'transactions'],
    [
      '__proto__ at the top',
      `{"transactions":{"stock":[],"dividend":[],"commission":[]},"__proto__":{"admin":true}}`,
      '',
    ],
    [
      '__proto__ among the lists',
      `{"transactions":{"stock":[],"dividend":[],"commission":[],"__proto__":{"admin":true}}}`,
      'transactions',
    ],
    [
      'constructor.prototype among the lists',
      `{"transactions":{"stock":[],"dividend":[],"commission":[],"constructor":{"prototype":{"admin":true}}}}`,
      'transactions',
    ],
  ];
  for (const list of LISTS) {
    const others = LISTS.filter((other) => other !== list).map((other) => `"${other}":[]`);
    cases.push([`the ${list} list missing`, `{"transactions":{${others.join(',')}}}`, `transactions.${list}`]);
    for (const [what, raw] of [
      ['null', 'null'],
      ['an object', '{}'],
      ['a string', '"[]"'],
      ['a number', '0'],
    ] as const) {
      cases.push([
        `the ${list} list as ${what}`,
        `{"transactions":{${[...others, `"${list}":${raw}`].join(',')}}}`,
        `transactions.${list}`,
      ]);
    }
    for (const [what, raw] of [
      ['null', 'null'],
      ['an array', '[]'],
      ['a string', '"VWCE.DE"'],
      ['a number', '7'],
    ] as const) {
      cases.push([`a ${list} transaction as ${what}`, bodyWith(list, raw), `transactions.${list}.1`]);
    }
  }
  return cases.map(([name, body, issuePath]) => ({
    name: `wrong shape: ${name}`,
    body,
    expected: { status: 400, message: /not valid; nothing was saved/, issuePath },
  }));
}

function badFields(): MalformedRequest[] {
  const requests: MalformedRequest[] = [];
  for (const list of LISTS) {
    for (const [field, values] of Object.entries(BAD_FIELD_VALUES)) {
      for (const [what, raw] of values) {
        // The wrong list's type is its own case: a dividend in the stock list.
        const fields = { ...validFields(list), [field]: raw };
        requests.push({
          name: `${list}.${field} ${what}`,
          body: bodyWith(list, objectText(fields)),
          expected: {
            status: 400,
            message: notValidAt(`transactions.${list}.1.${field}`),
            issuePath: `transactions.${list}.1.${field}`,
          },
        });
      }
    }
    const onlyOnDividends = list === 'dividend' ? BAD_DIVIDEND_FIELD_VALUES : {};
    for (const [field, values] of Object.entries(onlyOnDividends)) {
      for (const [what, raw] of values) {
        requests.push({
          name: `${list}.${field} ${what}`,
          body: bodyWith(list, objectText({ ...validFields(list), [field]: raw })),
          expected: {
            status: 400,
            message: notValidAt(`transactions.${list}.1.${field}`),
            issuePath: `transactions.${list}.1.${field}`,
          },
        });
      }
    }
    const otherType = LISTS.find((other) => other !== list)!;
    requests.push({
      name: `${list} list holding a ${otherType}`,
      body: bodyWith(list, objectText({ ...validFields(list), type: `"${otherType}"` })),
      expected: {
        status: 400,
        message: notValidAt(`transactions.${list}.1.type`),
        issuePath: `transactions.${list}.1.type`,
      },
    });
    for (const field of Object.keys(validFields(list))) {
      const { [field]: _missing, ...rest } = validFields(list);
      requests.push({
        name: `${list}.${field} missing`,
        body: bodyWith(list, objectText(rest)),
        expected: {
          status: 400,
          message: notValidAt(`transactions.${list}.1.${field}`),
          issuePath: `transactions.${list}.1.${field}`,
        },
      });
    }
    // A withheld tax belongs to a dividend only, a product name to a trade only: elsewhere each is an unknown key.
    const dividendOnly: ReadonlyArray<readonly [string, string]> = list === 'dividend' ? [] : [['tax', '0.15']];
    const stockOnly: ReadonlyArray<readonly [string, string]> =
      list === 'stock' ? [] : [['product', '"VANGUARD FTSE ALL-WORLD UCITS ETF"']];
    for (const [key, raw] of [
      ...dividendOnly,
      ...stockOnly,
      ['note', '"bought on a whim"'],
      ['sub', '"another-user"'],
      ['__proto__', '{"admin":true}'],
    ] as const) {
      requests.push({
        name: `${list} transaction with an unknown key ${key}`,
        body: bodyWith(list, objectText({ ...validFields(list), [key]: raw })),
        expected: { status: 400, message: /Unrecognized key/, issuePath: `transactions.${list}.1` },
      });
    }
  }
  return requests;
}

const TRANSACTION_TEXT = objectText(validFields('stock'));

/** `count` stock transactions as JSON text; `badAt` (an index, or 'all') gets an impossible date. */
function manyStock(count: number, badAt: number | 'all' | 'none'): string {
  const bad = objectText({ ...validFields('stock'), date: '"2023-02-30"' });
  const items = Array.from({ length: count }, (_, i) => (badAt === 'all' || badAt === i ? bad : TRANSACTION_TEXT));
  return `{"transactions":{"stock":[${items.join(',')}],"dividend":[],"commission":[]}}`;
}

/** A stream of `totalBytes` spaces inside a JSON array, sent chunked with no Content-Length. */
function chunkedSpaces(totalBytes: number): () => ReadableStream<Uint8Array> {
  return () => {
    const chunk = new Uint8Array(256 * 1024).fill(0x20);
    let sent = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"transactions":{"stock":['));
        if (sent >= totalBytes) {
          controller.enqueue(new TextEncoder().encode('],"dividend":[],"commission":[]}}'));
          controller.close();
          return;
        }
        controller.enqueue(chunk);
        sent += chunk.length;
      },
    });
  };
}

function largeAndDeep(): MalformedRequest[] {
  const tenMiB = 10 * 1024 * 1024;
  return [
    {
      name: 'a body of 10 MiB and one byte',
      body: `${VALID_BODY.slice(0, -2)}${' '.repeat(tenMiB + 1 - VALID_BODY.length)}}}`,
      expected: { status: 413, message: /larger than 10 MiB/ },
    },
    {
      name: 'a 12 MiB body sent chunked without a length',
      body: chunkedSpaces(12 * 1024 * 1024),
      expected: { status: 413, message: /larger than 10 MiB/ },
    },
    {
      name: '50,000 transactions with an impossible date in the last',
      body: manyStock(50_000, 49_999),
      expected: {
        status: 400,
        message: notValidAt('transactions.stock.49999.date'),
        issuePath: 'transactions.stock.49999.date',
      },
    },
    {
      name: '50,000 transactions all with an impossible date',
      body: manyStock(50_000, 'all'),
      // Validation stops after 100 problems (bounded work per request) and says so.
      expected: {
        status: 400,
        message: /and 99 more problems; checking stopped there/,
        issuePath: 'transactions.stock.0.date',
      },
    },
    {
      name: '100,001 valid transactions (over the limit of 100,000)',
      body: manyStock(100_001, 'none'),
      expected: { status: 400, message: /at most 100000 transactions/, issuePath: 'transactions' },
    },
    {
      name: 'a million nested arrays in the stock list',
      body: `{"transactions":{"stock":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)},"dividend":[],"commission":[]}}`,
      // Refused before parsing: deep nesting is what makes JSON.parse slow.
      expected: { status: 400, message: TOO_DEEP },
    },
    {
      name: 'half a million nested objects',
      body: `${'{"a":'.repeat(500_000)}1${'}'.repeat(500_000)}`,
      expected: { status: 400, message: TOO_DEEP },
    },
    {
      name: 'a hundred thousand unknown keys',
      body: `{"transactions":{"stock":[],"dividend":[],"commission":[]},${Array.from({ length: 100_000 }, (_, i) => `"k${i}":0`).join(',')}}`,
      expected: { status: 400, message: /Unrecognized keys/, issuePath: '' },
    },
  ];
}

function wrongEnvelope(): MalformedRequest[] {
  const unsupported = /application\/json/;
  const contentTypes: Array<[string, string | null]> = [
    ['no content type', null],
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['text/json', 'text/json'],
    ['application/jsonp', 'application/jsonp'],
    ['JSON patch', 'application/json-patch+json'],
    ['XML', 'application/xml'],
    ['octet stream', 'application/octet-stream'],
  ];
  const requests: MalformedRequest[] = contentTypes.map(([name, contentType]) => ({
    name: `content type: ${name}`,
    body: VALID_BODY,
    contentType,
    expected: { status: 415, message: unsupported },
  }));
  for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
    requests.push({
      name: `method ${method}`,
      body: VALID_BODY,
      method,
      expected: { status: 404, message: new RegExp(`No such API: ${method}`) },
    });
  }
  const required = /^Send If-Match with the ETag of the transactions you are replacing .*Nothing was saved\.$/;
  requests.push({ name: 'no If-Match', body: VALID_BODY, expected: { status: 428, message: required } });
  requests.push({
    name: 'If-Match: *',
    body: VALID_BODY,
    headers: { 'if-match': '*' },
    expected: { status: 428, message: required },
  });
  const stale = /changed since you loaded them/;
  for (const [name, ifMatch] of [
    ['a stale version', '"v0"'],
    ['a version from the future', '"v999"'],
    ['a weak tag', 'W/"v1"'],
    ['an unquoted tag', 'v1'],
    ['a negative version', '"v-1"'],
    ['a version of twenty digits', '"v99999999999999999999"'],
    ['a tag list', '"v0", "v5"'],
  ] as const) {
    requests.push({
      name: `If-Match: ${name}`,
      body: VALID_BODY,
      headers: { 'if-match': ifMatch },
      expected: { status: 412, message: stale },
    });
  }
  return requests;
}

/** Every malformed request, in a fixed order. */
export function malformedTransactionRequests(): MalformedRequest[] {
  return [...brokenJson(), ...wrongShapes(), ...badFields(), ...largeAndDeep(), ...wrongEnvelope()];
}
