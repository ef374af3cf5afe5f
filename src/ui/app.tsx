import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CallbackPage } from './pages/callback-page';
import { ProblemPage } from './pages/problem-page';
import { RequireSignIn } from './shell/require-sign-in';
import { Shell } from './shell/shell';

// Pages load on demand: the landing chart, the dashboard's charts and the import code stay out of the first load.
const LoginPage = lazy(() => import('./pages/login-page').then((m) => ({ default: m.LoginPage })));
const DashboardPage = lazy(() => import('./pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const HoldingsPage = lazy(() => import('./pages/holdings-page').then((m) => ({ default: m.HoldingsPage })));
const HoldingPage = lazy(() => import('./pages/holding-page').then((m) => ({ default: m.HoldingPage })));
const PerformancePage = lazy(() => import('./pages/performance-page').then((m) => ({ default: m.PerformancePage })));
const SettingsPage = lazy(() => import('./pages/settings-page').then((m) => ({ default: m.SettingsPage })));
const TransactionsPage = lazy(() => import('./pages/transactions-page').then((m) => ({ default: m.TransactionsPage })));
const IncomePage = lazy(() => import('./pages/income-page').then((m) => ({ default: m.IncomePage })));

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
          element={<ProblemPage title="Forbidden" text="You are signed in, but this page is not yours to see." action="Go to your dashboard" to="/dashboard" />}
        />
        <Route
          path="/unauthorized"
          element={<ProblemPage title="Unauthorized" text="You need to sign in to see this page." action="Go to the sign-in page" to="/login" />}
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
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
