import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { selectAuthError, selectAuthStatus } from '../../machines/selectors';
import { PageHeading } from '../a11y/page-heading';
import { useAuthActor } from '../app-context';
import { Chart } from '../charts/chart';
import { series, timeOptions } from '../charts/options';
import { sampleProfits } from '../landing/sample-profits';
import { useFormats } from '../locale-context';

const FEATURES = [
  {
    title: 'Real-time Analytics',
    text: 'Value, profit, returns and yield are recomputed the moment you record a trade.',
  },
  {
    title: 'Global Markets',
    text: 'Stocks and ETFs from every exchange Yahoo Finance covers, in any currency, reported in yours.',
  },
  {
    title: 'Bank-grade Security',
    text: 'Signed-in access only, verified tokens on every request, and your data kept to yourself.',
  },
];

export function LoginPage() {
  const auth = useAuthActor();
  const status = useSelector(auth, selectAuthStatus);
  const error = useSelector(auth, selectAuthError);
  const formats = useFormats();
  const chartOptions = useMemo(() => timeOptions(formats, [series(formats, 'Profit', 0)]), [formats]);
  const data = useMemo(() => {
    const now = new Date();
    const points = sampleProfits({ year: now.getFullYear(), month: now.getMonth() + 1 });
    return [points.map((p) => p.time), points.map((p) => p.profit)] as [number[], number[]];
  }, []);

  if (status === 'signedIn') return <Navigate to="/dashboard" replace />;
  const start = () => auth.send({ type: 'auth.login' });
  const busy = status === 'redirecting' || status === 'checking';

  return (
    <div className="landing">
      <header className="landing-hero">
        <PageHeading title="Welcome">Track Your Investments Like a Pro</PageHeading>
        <p>
          Record trades, dividends and commissions, import your DEGIRO statement, and see what your portfolio is worth,
          earns and pays.
        </p>
        {error ? (
          <p role="alert" className="error">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button type="button" onClick={start} disabled={busy}>
            Log in
          </button>
          <button type="button" className="secondary" onClick={start} disabled={busy}>
            Get Started
          </button>
        </div>
      </header>
      <main>
        <section aria-labelledby="sample-chart">
          <h2 id="sample-chart" className="visually-hidden">
            Sample chart
          </h2>
          <Chart title="Track your profits" options={chartOptions} data={data} note="Sample data" />
        </section>
        <section aria-labelledby="why">
          <h2 id="why">Why Choose Investments Tracker?</h2>
          <ul className="cards">
            {FEATURES.map((feature) => (
              <li key={feature.title} className="card">
                <h3>{feature.title}</h3>
                <p>{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="cta" className="cta">
          <h2 id="cta">Ready to Start Tracking?</h2>
          <button type="button" onClick={start} disabled={busy}>
            Get Started Now
          </button>
        </section>
      </main>
      <footer className="landing-footer">
        <p>Making investment tracking simple and effective.</p>
      </footer>
    </div>
  );
}
