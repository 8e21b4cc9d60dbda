/**
 * The frame of a page a patient opens from a link, without signing in (a payment request, a card
 * request, a membership enrolment): the link read once, the practice above the greeting, a wrong
 * link's banner, an expired link's page (ExpiredLink.tsx) and the loading state. Each page writes what
 * the link is for inside it.
 */
import {
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { createContext, useContext, type ReactNode } from 'react';
import useSWR from 'swr';
import type { ExpiredLinkPage } from '../../../embed-sdk/contract/patientLinks.js';
import { useDocumentTitle } from '../../routing/documentTitle.js';
import { ExpiredLink } from './ExpiredLink.js';

const useStyles = makeStyles({
  // A div, not a main: the blank layout around it is the page's main landmark already.
  page: {
    maxWidth: '520px',
    margin: '0 auto',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    // The blank layout's card already keeps the text off the edges of a phone.
    '@media (max-width: 480px)': { padding: 0 },
    // On a touch screen a button is a finger's size (44 px), not a pointer's (Fluent's 32 px).
    '@media (pointer: coarse)': { '& .fui-Button': { minHeight: '44px' } },
  },
  wide: { maxWidth: '600px' },
  // The practice above the greeting, each on its own line.
  heading: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    '& > *': { margin: 0 },
  },
});

/**
 * The link's page as the server read it to render the first view into the HTML (the patient's own
 * entry, portal/patient/): the page starts from the server's answer rather than asking again, or,
 * on the server, from its failure (a link that could not be opened).
 */
export type FirstAnswer = { data: unknown } | { error: unknown };
export const FirstLinkAnswer = createContext<FirstAnswer | undefined>(undefined);

/**
 * Reads a link's page once: a patient's page does not read again on focus, and a wrong link stays
 * wrong, so it is not retried. A page the server rendered starts from the server's answer
 * (FirstLinkAnswer) and does not read it again; its own updates (mutate) read as usual.
 */
export function usePublicLink<T>(resource: string, token: string, read: () => Promise<T>) {
  const first = useContext(FirstLinkAnswer);
  const result = useSWR(token ? [resource, token] : null, read, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
    ...(first && 'data' in first ? { fallbackData: first.data as T, revalidateIfStale: false } : {}),
  });
  // Only a server render gets a failure: its page is final (the browser does not run it again).
  return first && 'error' in first ? { data: undefined, error: first.error } : result;
}

/** What every link's page shows: the practice's name and the patient's first name. */
interface LinkPage {
  practiceName: string;
  firstName: string;
}

/** A payment or enrolment link that no longer works (a card request's own EXPIRED page is its page's). */
function isExpiredLink(page: object): page is ExpiredLinkPage {
  return 'replaced' in page && (page as { status?: unknown }).status === 'EXPIRED';
}

export interface PublicLinkPageProps<T extends LinkPage> {
  /** The browser tab's title, and the heading when the link could not be opened. */
  title: string;
  /** Above that heading when the link could not be opened (the payment page names the request). */
  unopenedEyebrow?: string;
  /** The banner's title when the link could not be opened, e.g. 'This card link could not be opened.' */
  unopenedTitle: string;
  loadingLabel: string;
  /** The enrolment page's plans take more room than a payment. @default false */
  wide?: boolean;
  /**
   * What a new link would let the patient do, for an expired link's page ('to pay'); a page whose
   * link never answers EXPIRED leaves it out.
   */
  expiredPurpose?: string;
  page: T | ExpiredLinkPage | undefined;
  error: unknown;
  /** What follows the greeting once the link was read. */
  children: (page: T) => ReactNode;
}

export function PublicLinkPage<T extends LinkPage>(props: PublicLinkPageProps<T>) {
  const { page, error } = props;
  const styles = useStyles();
  useDocumentTitle(props.title);
  const className = mergeClasses(styles.page, props.wide && styles.wide);

  if (error) {
    const title = <Title2 as="h1">{props.title}</Title2>;
    return (
      <div className={className}>
        {props.unopenedEyebrow ? (
          <div className={styles.heading}>
            <Subtitle1 as="p">{props.unopenedEyebrow}</Subtitle1>
            {title}
          </div>
        ) : (
          title
        )}
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{props.unopenedTitle}</MessageBarTitle>
            Check that the whole link was opened, or contact your dental practice.
          </MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  if (!page) {
    return (
      <div className={className}>
        <Spinner label={props.loadingLabel} />
      </div>
    );
  }
  if (isExpiredLink(page)) {
    return (
      <div className={className}>
        <div className={styles.heading}>
          <Subtitle1 as="p">{page.practiceName}</Subtitle1>
          <Title2 as="h1">{props.title}</Title2>
        </div>
        <ExpiredLink page={page} purpose={props.expiredPurpose ?? 'to continue'} />
      </div>
    );
  }
  return (
    <div className={className}>
      <div className={styles.heading}>
        <Subtitle1 as="p">{page.practiceName}</Subtitle1>
        <Title2 as="h1">Hi {page.firstName},</Title2>
      </div>
      {props.children(page)}
    </div>
  );
}
