/**
 * Special Ops (`#/admin/specialops`): the repairs an operations team makes by hand when a record went
 * wrong, each on its own screen with a preview, a confirmation and an audit entry.
 */
import { Body1, Card, CardHeader, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowImport20Regular,
  ArrowSwap20Regular,
  CheckmarkCircle20Regular,
  Settings20Regular,
} from '@fluentui/react-icons';
import type { JSX } from 'react';
import { PageHeader } from '../../pages/PageHeader.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
    maxWidth: '1100px',
  },
  card: { height: '100%' },
  muted: { color: tokens.colorNeutralForeground3 },
});

interface Operation {
  href: string;
  title: string;
  text: string;
  icon: JSX.Element;
}

const OPERATIONS: Operation[] = [
  {
    href: '#/admin/movePaymentPlan',
    title: 'Move Payment Plan',
    text: 'A plan made for the wrong patient or practice goes to the right one, with its card and payments.',
    icon: <ArrowSwap20Regular />,
  },
  {
    href: '#/admin/moveMembership',
    title: 'Move Membership',
    text: 'A membership made for the wrong patient or practice goes to the right one.',
    icon: <ArrowSwap20Regular />,
  },
  {
    href: '#/admin/moveTransaction',
    title: 'Move Transaction',
    text: 'A payment recorded for the wrong patient, or at the wrong practice of one processor account, goes to the right one.',
    icon: <ArrowSwap20Regular />,
  },
  {
    href: '#/admin/importTransactions',
    title: 'Import Transactions',
    text: 'A processor’s settlement file becomes unassociated payments of a practice, each bad row named by its line.',
    icon: <ArrowImport20Regular />,
  },
  {
    href: '#/admin/postApproval',
    title: 'Post Approval',
    text: 'A charge the processor approved whose record failed is written as the approved payment it is.',
    icon: <CheckmarkCircle20Regular />,
  },
  {
    href: '#/admin/sysadmin',
    title: 'Admin-only Settings',
    text: 'The platform’s settings and terms of service, which only administrators change.',
    icon: <Settings20Regular />,
  },
];

export default function SpecialOpsPage() {
  const styles = useStyles();
  return (
    <>
      <PageHeader
        title="Special Ops"
        description="Repairs made by hand when a record went wrong. Each shows what it will change and asks before it does; each is written to the audit log."
      />
      <nav aria-label="Special operations" className={styles.grid}>
        {OPERATIONS.map((op) => (
          <Card key={op.href} className={styles.card}>
            <CardHeader
              image={op.icon}
              header={
                <Link href={op.href}>
                  <Text weight="semibold">{op.title}</Text>
                </Link>
              }
            />
            <Body1 className={styles.muted}>{op.text}</Body1>
          </Card>
        ))}
      </nav>
    </>
  );
}
