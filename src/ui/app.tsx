import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { CallbackPage } from './pages/callback-page';
import { DashboardPage } from './pages/dashboard-page';
import { LoginPage } from './pages/login-page';
import { ProblemPage } from './pages/problem-page';
import { TransactionsPage } from './pages/transactions-page';
import { RequireSignIn } from './shell/require-sign-in';
import { Shell } from './shell/shell';

export function App() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
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
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/transactions" element={<TransactionsPage />} />
          <Route path="*" element={<Navigate to="/dashboard" replace />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
