import { Link } from 'react-router-dom';
import { PageHeading } from '../a11y/page-heading';

export function ProblemPage({ title, text, action, to }: { title: string; text: string; action: string; to: string }) {
  return (
    <main className="page-notice">
      <PageHeading title={title}>{title}</PageHeading>
      <p>{text}</p>
      <Link to={to}>{action}</Link>
    </main>
  );
}
