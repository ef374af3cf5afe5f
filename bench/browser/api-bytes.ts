/**
 * The bytes the API's answers took over the wire while an action ran: for each `/api/` request of the
 * tab's context that finished (the worker's fetches included), Chromium's encoded body size plus the
 * response's headers, as a browser's network panel counts "transferred".
 */
import type { Page, Request } from '@playwright/test';

export interface ApiBytes<T> {
  result: T;
  bytes: number;
  /** `path content-encoding` of each answer counted, e.g. `/api/quotes br`. */
  answers: string[];
}

export async function apiBytesDuring<T>(page: Page, action: () => Promise<T>): Promise<ApiBytes<T>> {
  const context = page.context();
  const counted: Array<Promise<{ bytes: number; answer: string }>> = [];
  const onFinished = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith('/api/')) return;
    counted.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const encoding = (await response?.headerValue('content-encoding')) ?? 'identity';
        return { bytes: sizes.responseBodySize + sizes.responseHeadersSize, answer: `${pathname} ${encoding}` };
      })(),
    );
  };
  context.on('requestfinished', onFinished);
  try {
    const result = await action();
    const answers = await Promise.all(counted);
    return {
      result,
      bytes: answers.reduce((sum, { bytes }) => sum + bytes, 0),
      answers: answers.map(({ answer }) => answer),
    };
  } finally {
    context.off('requestfinished', onFinished);
  }
}
