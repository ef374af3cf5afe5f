import { Link } from 'react-router-dom';

export function ProblemPage({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <main className="page-notice">
      <h1>{title}</h1>
      <p>{text}</p>
      <Link to={to}>{action}</Link>
    </main>
  );
}
