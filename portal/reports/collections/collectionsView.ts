/** The Collections report on the Reports page (reportView.ts): its tab, its call, its options, its body. */
import { reportCollections } from '../../../embed-sdk/contract/reportCollections.js';
import { defineReportView } from '../reportView.js';
import { CollectionsBody } from './CollectionsBody.js';
import { SPLIT_NAMES } from './collectionsLinks.js';

export const collectionsView = defineReportView({
  name: 'collections',
  title: 'Collections',
  description:
    'What came in, by day, week or month: payments, refunds and voids on the day they were made, surcharges included.',
  endpoint: reportCollections,
  options: [
    {
      key: 'groupBy',
      label: 'Group by',
      choices: [
        { value: 'day', label: 'Day' },
        { value: 'week', label: 'Week' },
        { value: 'month', label: 'Month' },
      ],
      defaultValue: 'day',
    },
    {
      key: 'splitBy',
      label: 'Split by',
      choices: (['source', 'method', 'clinic', 'provider'] as const).map((value) => ({
        value,
        label: SPLIT_NAMES[value],
      })),
      defaultValue: 'source',
    },
  ],
  Body: CollectionsBody,
});
