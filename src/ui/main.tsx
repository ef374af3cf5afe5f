import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { appMachine } from '../machines/app-machine';
import { App } from './app';
import { AppActorContext } from './app-context';
import { AnnouncerProvider } from './a11y/announcer';
import { LocaleProvider, prepareLocale } from './locale-context';
import './styles.css';

/** In development, `?inspect` (or VITE_XSTATE_INSPECT=1) shows every actor and event in the Stately inspector. */
async function developmentInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_XSTATE_INSPECT === '1';
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const inspect = await developmentInspector();
// The start-up in tasks of its own, none over 50 ms on a slow machine: the modules' evaluation (which
// creates every machine's definition), then the actors' start, then the locale, then the first render.
await nextTask();
const appActor = createActor(appMachine, { input: { initialUrl: window.location.href }, inspect });
appActor.start();

// The first render (a task React schedules) began with the locale's first use of Intl and localStorage;
// they get a task of their own before it: each part is a few tens of milliseconds on a slow machine, and
// together they held the main thread for over 50 ms.
await nextTask();
prepareLocale();
await nextTask();

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
