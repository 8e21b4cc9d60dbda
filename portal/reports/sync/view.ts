/** The Practice-system sync report's tab on the Reports page (reportView.ts). */
import { reportSync } from '../../../embed-sdk/contract/reportSync.js';
import { defineReportView } from '../reportView.js';
import { SyncBody } from './SyncBody.js';

export const syncView = defineReportView({
  name: 'sync',
  title: 'Practice-system sync',
  description:
    "The period's payments not yet posted to the practice system, and the failed ones with their reason.",
  endpoint: reportSync,
  Body: SyncBody,
});
