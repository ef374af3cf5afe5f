/**
 * Memory of the page's main thread and of its portfolio worker, through the DevTools protocol
 * (`Runtime.getHeapUsage`): the JS heap, the ArrayBuffers' contents (outside that heap) and the DOM's heap.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';

const MB = 1024 * 1024;

export interface MemoryFigures {
  /** MB of JS objects (what Chromium calls the used JS heap). */
  jsHeapMB: number;
  /** MB of ArrayBuffer contents: typed arrays' memory lives outside the JS heap. */
  arrayBuffersMB: number;
  /** MB of the DOM's heap (Blink's objects: elements, canvases' wrappers). */
  domHeapMB: number;
}

interface TargetInfo {
  targetId: string;
  type: string;
  url: string;
}

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

const figures = (usage: HeapUsage): MemoryFigures => ({
  jsHeapMB: usage.usedSize / MB,
  arrayBuffersMB: (usage.backingStorageSize ?? Number.NaN) / MB,
  domHeapMB: (usage.embedderHeapUsedSize ?? Number.NaN) / MB,
});

/** The main thread's memory, after a garbage collection if asked. */
export async function pageMemory(page: Page, collectGarbage: boolean): Promise<MemoryFigures> {
  const cdp = await page.context().newCDPSession(page);
  try {
    if (collectGarbage) await cdp.send('HeapProfiler.collectGarbage');
    return figures((await cdp.send('Runtime.getHeapUsage')) as HeapUsage);
  } finally {
    await cdp.detach();
  }
}

/** Sends one protocol command to an attached target and waits for its answer. */
function relay(session: CDPSession, sessionId: string, id: number, method: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const onMessage = (event: { sessionId?: string; message: string }) => {
      const message = JSON.parse(event.message) as { id?: number; result?: unknown; error?: { message: string } };
      if (event.sessionId !== sessionId || message.id !== id) return;
      session.off('Target.receivedMessageFromTarget', onMessage);
      if (message.error) reject(new Error(`${method}: ${message.error.message}`));
      else resolve(message.result);
    };
    session.on('Target.receivedMessageFromTarget', onMessage);
    session.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method }) }).catch(reject);
  });
}

/**
 * Memory of the one dedicated worker whose script comes from `origin`, after a garbage collection. A
 * worker has no page session of its own: the browser's session attaches to its target and relays.
 */
export async function workerMemory(browser: Browser, origin: string): Promise<MemoryFigures> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { targetInfos } = (await session.send('Target.getTargets')) as { targetInfos: TargetInfo[] };
    const workers = targetInfos.filter((target) => target.type === 'worker' && target.url.startsWith(origin));
    if (workers.length !== 1) throw new Error(`Expected one worker from ${origin}, found ${workers.length}`);
    const { sessionId } = (await session.send('Target.attachToTarget', {
      targetId: workers[0]!.targetId,
      flatten: false,
    })) as { sessionId: string };
    await relay(session, sessionId, 1, 'HeapProfiler.collectGarbage');
    const usage = (await relay(session, sessionId, 2, 'Runtime.getHeapUsage')) as HeapUsage;
    await session.send('Target.detachFromTarget', { sessionId });
    return figures(usage);
  } finally {
    await session.detach();
  }
}
