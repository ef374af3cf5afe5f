import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine } from '../machines/app-machine';
import { mayBeSignedIn, storedIdToken } from '../machines/services/auth-client';
import { getWorker } from '../machines/services/worker-client';
import { App, preloadPage } from './app';
import { AppActorContext } from './app-context';
import { AnnouncerProvider } from './a11y/announcer';
import { LocaleProvider, prepareFormats, prepareLocale } from './locale-context';
import './styles.css';

/** In development, `?inspect` (or VITE_XSTATE_INSPECT=1) shows every actor and event in the Stately inspector. */
async function developmentInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted =
    new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_XSTATE_INSPECT === '1';
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// A tab that may be signed in starts the worker now: its script is fetched and compiled while the page's
// modules run and /api/config and the session check go on, instead of after them. With the session's
// token it reads meanwhile what the last visit held for that user (the set parsed, the held quotes).
if (mayBeSignedIn()) {
  const worker = getWorker();
  const idToken = storedIdToken();
  if (idToken) void worker.warm(idToken);
}

const inspect = await developmentInspector();
// The start-up in tasks of its own, none over 50 ms on a slow machine: the modules' evaluation (which
// creates every machine's definition), then the actors' start, then the locale, then the first render.
await nextTask();
const appActor = createActor(appMachine, { input: { initialUrl: window.location.href }, inspect });
appActor.start();

// The first render (a task React schedules) began with the locale's first use of Intl and localStorage,
// then of its money and date formats, and with the page's chunk being asked for; they get tasks of their
// own before it: each part is a few tens of milliseconds on a slow machine, and together they held the
// main thread for over 50 ms.
await nextTask();
const formats = prepareLocale();
await nextTask();
prepareFormats(formats);
preloadPage(window.location.pathname);
await nextTask();

// A transition: React renders the first screen in slices of a few milliseconds with the browser's turns
// between them, instead of in one task (the shell and its page: 30 ms on L, over 50 at 2 x CPU, most of
// it code running for the first time). Its commit, the DOM changes, is still one piece.
startTransition(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppActorContext.Provider value={appActor}>
        <LocaleProvider>
          <AnnouncerProvider>
            <App />
          </AnnouncerProvider>
        </LocaleProvider>
      </AppActorContext.Provider>
    </StrictMode>,
  );
});
