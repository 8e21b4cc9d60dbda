/**
 * The modal's panels (spec part 2, "Membership billing detail"): the start date ('On Completion
 * Date' with its hint), the cycle amount (with the surcharge and credit-card total when one applies
 * and the membership is not awaiting), the next payment (active, started, monthly; with the retry
 * of a declined charge), the renewal info (its five labels, Change/Cancel; Restart Membership for an
 * expired yearly one), the card on file (active memberships: Change Card) and, while awaiting the
 * patient, Send Reminder and Cancel Membership. Actions show only when `actions` allows them.
 */
import {
  Button,
  Caption1,
  Link,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle1,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate, formatDateTime } from '../../embed-sdk/format/date.js';
import { cycleAmountPanel, renewalInfo } from '../../embed-sdk/rules/memberships.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { formatExpiry } from '../ui/cardBrands.js';
import {
  showsNextPayment,
  startDateShown,
  type Membership,
  type MembershipActions,
} from './membershipView.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))',
    gap: '12px',
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
    overflowWrap: 'anywhere',
  },
  label: { color: tokens.colorNeutralForeground3 },
  detail: { color: tokens.colorNeutralForeground2 },
  danger: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  action: {
    marginTop: 'auto',
    paddingTop: '8px',
    display: 'flex',
    gap: '8px',
    flexWrap: 'wrap',
    alignItems: 'center',
  },
  card: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
});

function Panel(props: { label: string; children: ReactNode; action?: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.panel} aria-label={props.label}>
      <Caption1 className={styles.label}>{props.label}</Caption1>
      {props.children}
      {props.action ? <div className={styles.action}>{props.action}</div> : null}
    </section>
  );
}

function Line({ children, tone }: { children: ReactNode; tone?: 'danger' }) {
  const styles = useStyles();
  return (
    <Text size={200} className={mergeClasses(styles.detail, tone === 'danger' && styles.danger)}>
      {children}
    </Text>
  );
}

export interface MembershipPanelsProps {
  membership: Membership;
  actions: MembershipActions;
  busy: 'remindAwaiting' | null;
  onChangeCancel: () => void;
  onRestart: () => void;
  onChangeCard: () => void;
  onRemindAwaiting: () => void;
  onCancelMembership: () => void;
  onPreloadDialogs: () => void;
  onPreloadCards: () => void;
}

export function MembershipPanels(props: MembershipPanelsProps) {
  const { membership: m, actions } = props;
  const styles = useStyles();
  const start = startDateShown(m);
  const cycle = cycleAmountPanel(
    m,
    { hasSurcharging: m.hasSurcharge, surchargeRateBps: m.surchargeRateBps },
    m.card?.funding ?? null,
  );
  const renewal = renewalInfo(m);
  const charging = m.chargeInProgress;
  const preload = { onPointerEnter: props.onPreloadDialogs, onFocus: props.onPreloadDialogs };
  return (
    <div className={styles.grid}>
      <Panel label={TEXT.startDate}>
        <Subtitle1>{start.text}</Subtitle1>
        {start.hint && <Line>{start.hint}</Line>}
      </Panel>

      <Panel label={TEXT.cycleAmount}>
        <Subtitle1>{formatCurrency(cycle.amount)}</Subtitle1>
        <Line>{TEXT.cycles[m.cycle]}</Line>
        {cycle.creditCard && (
          <>
            <Line>
              {TEXT.surcharge}: {formatCurrency(cycle.creditCard.surchargeAmount)}
            </Line>
            <Line>
              {TEXT.cardTotal}: {formatCurrency(cycle.creditCard.total)}
            </Line>
          </>
        )}
      </Panel>

      {showsNextPayment(m) && m.nextBillingDate && (
        <Panel label={TEXT.nextPayment}>
          <Subtitle1>{formatCurrency(cycle.creditCard?.total ?? cycle.amount)}</Subtitle1>
          <Line>{TEXT.on(formatDate(m.nextBillingDate))}</Line>
          {m.nextRetryDate && <Line tone="danger">{TEXT.nextRetryOn(formatDate(m.nextRetryDate))}</Line>}
        </Panel>
      )}

      <Panel
        label={TEXT.renewal}
        action={
          actions.changeCancel || actions.restart ? (
            <>
              {actions.changeCancel && (
                <Link as="button" disabled={charging} onClick={props.onChangeCancel} {...preload}>
                  {TEXT.changeCancel}
                </Link>
              )}
              {actions.changeCancel && actions.cancelMembership && (
                <Button size="small" disabled={charging} onClick={props.onCancelMembership} {...preload}>
                  {TEXT.cancelMembership}
                </Button>
              )}
              {actions.restart && (
                <Button size="small" appearance="primary" onClick={props.onRestart} {...preload}>
                  {TEXT.restartMembership}
                </Button>
              )}
            </>
          ) : null
        }
      >
        <Subtitle1>{renewal.label}</Subtitle1>
        {renewal.date && <Line>{formatDate(renewal.date)}</Line>}
      </Panel>

      {m.status === 'ACTIVE' && (
        <Panel
          label={TEXT.cardOnFile}
          action={
            actions.changeCard ? (
              <Button
                size="small"
                disabled={charging}
                onPointerEnter={props.onPreloadCards}
                onFocus={props.onPreloadCards}
                onClick={props.onChangeCard}
              >
                {TEXT.changeCard}
              </Button>
            ) : null
          }
        >
          {m.card ? (
            <>
              <span className={styles.card}>
                <CardBrandBadge cardType={m.card.cardType} size="small" />
                <span className={styles.number}>{m.card.description}</span>
              </span>
              <Line>{TEXT.expires(formatExpiry(m.card.expMonth, m.card.expYear))}</Line>
              {!m.card.isActive && <Line tone="danger">{TEXT.cardRemoved}</Line>}
            </>
          ) : (
            <Line>{TEXT.noCard}</Line>
          )}
        </Panel>
      )}

      {m.status === 'AWAITINGPATIENT' && (
        <Panel
          label={TEXT.enrollment}
          action={
            actions.remindAwaiting || actions.cancelMembership ? (
              <>
                {actions.remindAwaiting && (
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={props.busy === 'remindAwaiting'}
                    icon={props.busy === 'remindAwaiting' ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={props.onRemindAwaiting}
                  >
                    {TEXT.sendReminder}
                  </Button>
                )}
                {actions.cancelMembership && (
                  <Button size="small" onClick={props.onCancelMembership} {...preload}>
                    {TEXT.cancelMembership}
                  </Button>
                )}
              </>
            ) : null
          }
        >
          <Subtitle1>{TEXT.awaitingTitle}</Subtitle1>
          <Line>{TEXT.awaitingHint}</Line>
          {m.enrollment?.lastSent && <Line>{TEXT.lastSent(formatDateTime(m.enrollment.lastSent))}</Line>}
        </Panel>
      )}
    </div>
  );
}
