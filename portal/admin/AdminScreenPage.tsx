/** One admin screen: its heading and what will be there. */
import { useParams } from 'react-router-dom';
import { PageHeader } from '../pages/PageHeader.js';
import { useSession } from '../session/SessionContext.js';
import type { AdminScreen } from './adminScreens.js';

export function AdminScreenPage({ screen }: { screen: AdminScreen }) {
  const { id } = useParams();
  const { session } = useSession();
  const title = screen.heading?.(id, session.companyName, session.companyId) ?? screen.title;
  return (
    <PageHeader
      eyebrow="Admin"
      title={title}
      description={screen.describe?.(id, session.companyName, session.companyId)}
    />
  );
}
