/**
 * What a payment or enrolment link shows once it no longer works (contract/patientLinks.ts): what
 * happened (it expired, or the practice sent a newer link) and what to do (ask the practice for a new
 * link, with its phone). Nothing of the patient's: the link may be read by someone else by now.
 */
import { Body1, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ExpiredLinkPage } from '../../../embed-sdk/contract/patientLinks.js';
import { formatDate, formatPhone } from '../../../embed-sdk/format/index.js';
import { useReaderZone } from './readerZone.js';

export interface ExpiredLinkProps {
  page: ExpiredLinkPage;
  /** What a new link would let the patient do, e.g. 'to pay' or 'to complete your enrollment'. */
  purpose: string;
}

export function ExpiredLink({ page, purpose }: ExpiredLinkProps) {
  const zone = useReaderZone();
  const call = page.practicePhone ? `, or call them at ${formatPhone(page.practicePhone)}` : '';
  return (
    <>
      <MessageBar intent="warning" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>
            {page.replaced ? 'This link has been replaced by a newer one.' : 'This link has expired.'}
          </MessageBarTitle>
          {page.replaced
            ? `${page.practiceName} sent you a new link on ${formatDate(page.expired, zone)}, so this one no longer works.`
            : `For your security, links from ${page.practiceName} work for a limited time, and this one stopped working on ${formatDate(page.expired, zone)}.`}
        </MessageBarBody>
      </MessageBar>
      <Body1 as="p">
        {page.replaced
          ? `Use the link in ${page.practiceName}'s latest text or e-mail ${purpose}. If you cannot find it, ask ${page.practiceName} for a new link${call}.`
          : `Ask ${page.practiceName} for a new link ${purpose}${call}.`}
      </Body1>
    </>
  );
}
