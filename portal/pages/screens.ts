/**
 * The main shell's screens whose content later issues build: each has its heading, one sentence of
 * what will be there, and who may open it (the same rules as the sidebar and the user menu).
 */
import { hasRole, type Session } from '../session/session.js';

export interface ScreenDefinition {
  path: string;
  title: string;
  describe(session: Session): string;
  /** Who may open it; everyone signed in when absent. */
  access?: (session: Session) => boolean;
  /** Why someone may not (shown instead of the screen). */
  noAccess?: string;
}

export const PLACEHOLDER_SCREENS: readonly ScreenDefinition[] = [
  {
    path: 'reports',
    title: 'Reports',
    describe: (s) =>
      `Collection reports for ${s.companyName} will be here: totals by day, source and payment method for any date range, ready to export.`,
    access: (s) => hasRole(s, 'VIEWDASHBOARD'),
    noAccess: 'Reports need the dashboard role.',
  },
];
