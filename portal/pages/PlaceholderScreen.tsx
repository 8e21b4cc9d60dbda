/** A screen a later issue fills: its heading and what will be there, or why this user may not open it. */
import { useSession } from '../session/SessionContext.js';
import { NoAccess } from './NoAccess.js';
import { PageHeader } from './PageHeader.js';
import type { ScreenDefinition } from './screens.js';

export function PlaceholderScreen({ screen }: { screen: ScreenDefinition }) {
  const { session } = useSession();
  if (screen.access && !screen.access(session)) {
    return (
      <NoAccess title={screen.title} reason={screen.noAccess ?? 'This screen is not available to you.'} />
    );
  }
  return <PageHeader title={screen.title} description={screen.describe(session)} />;
}
