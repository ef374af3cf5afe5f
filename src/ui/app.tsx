import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CallbackPage } from './pages/callback-page';
import { ProblemPage } from './pages/problem-page';
import { RequireSignIn } from './shell/require-sign-in';
import { Shell } from './shell/shell';

// Pages load on demand: the landing chart, the dashboard's charts and the import code stay out of the first load.
const pageModules = {
  login: () => import('./pages/login-page'),
  dashboard: () => import('./pages/dashboard-page'),
  holdings: () => import('./pages/holdings-page'),
  holding: () => import('./pages/holding-page'),
  performance: () => import('./pages/performance-page'),
  settings: () => import('./pages/settings-page'),
  transactions: () => import('./pages/transactions-page'),
  income: () => import('./pages/income-page'),
  accounts: () => import('./pages/accounts-page'),
};

const LoginPage = lazy(() => pageModules.login().then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() => pageModules.dashboard().then((m) => ({ default: m.DashboardPage })));
const HoldingsPage = lazy(() => pageModules.holdings().then((m) => ({ default: m.HoldingsPage })));
const HoldingPage = lazy(() => pageModules.holding().then((m) => ({ default: m.HoldingPage })));
const PerformancePage = lazy(() => pageModules.performance().then((m) => ({ default: m.PerformancePage })));
const SettingsPage = lazy(() => pageModules.settings().then((m) => ({ default: m.SettingsPage })));
const TransactionsPage = lazy(() => pageModules.transactions().then((m) => ({ default: m.TransactionsPage })));
const AccountsPage = lazy(() => pageModules.accounts().then((m) => ({ default: m.AccountsPage })));
const IncomePage = lazy(() => pageModules.income().then((m) => ({ default: m.IncomePage })));

/**
 * Starts loading the page `pathname` shows (main.tsx, before the first render): its chunk is fetched
 * sooner, and the first render no longer adds the chunk's preload links to the document (12 ms of its
 * task at 2 x CPU). The page's `lazy` then finds the module loaded. Paths the routes below send elsewhere
 * (`*` to /dashboard) and pages without a chunk start nothing.
 */
export function preloadPage(pathname: string): void {
  const [, first = '', second] = pathname.split('/');
  const name = first === 'holdings' && second ? 'holding' : first;
  // A chunk that fails to load here fails the page's own `lazy` too, which shows it; nothing to say twice.
  if (Object.hasOwn(pageModules, name)) void pageModules[name as keyof typeof pageModules]().catch(() => undefined);
}

const page = (element: ReactNode) => (
  <Suspense
    fallback={
      <p className="page-notice" role="status">
        Loading…
      </p>
    }
  >
    {element}
  </Suspense>
);

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={page(<LoginPage />)} />
        <Route path="/callback" element={<CallbackPage />} />
        <Route
          path="/forbidden"
          element={
            <ProblemPage
              title="Forbidden"
              text="You are signed in, but this page is not yours to see."
              action="Go to your dashboard"
              to="/dashboard"
            />
          }
        />
        <Route
          path="/unauthorized"
          element={
            <ProblemPage
              title="Unauthorized"
              text="You need to sign in to see this page."
              action="Go to the sign-in page"
              to="/login"
            />
          }
        />
        <Route
          element={
            <RequireSignIn>
              <Shell />
            </RequireSignIn>
          }
        >
          <Route path="/dashboard" element={page(<DashboardPage />)} />
          <Route path="/transactions" element={page(<TransactionsPage />)} />
          <Route path="/income" element={page(<IncomePage />)} />
          <Route path="/holdings" element={page(<HoldingsPage />)} />
          <Route path="/holdings/:ticker" element={page(<HoldingPage />)} />
          <Route path="/performance" element={page(<PerformancePage />)} />
          <Route path="/settings" element={page(<SettingsPage />)} />
          <Route path="/accounts" element={page(<AccountsPage />)} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
