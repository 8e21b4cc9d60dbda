/**
 * The modal's panels (spec part 2, "Membership billing detail"): the start date ('On Completion
 * Date' with its hint), the cycle amount (with the surcharge and credit-card total when one applies
 * and the membership is not awaiting), the next payment (active, started, monthly; with the retry
 * of a declined charge), the renewal info (its five labels, Change/Cancel; Restart Membership for an
 * expired yearly one or a canceled one past the year it paid for, with that date; Don't Renew / Renew
 * Next Year for an active yearly one; Re-activate Membership for one that re-activates free), the card on file (active memberships: Change Card) and, while awaiting the
 * patient, when its link stops working, Send Reminder (while it works), Send New Link and Cancel
 * Membership. Actions show only when `actions` allows them.
 */
import { Button, Link, Spinner, Subtitle1 } from '@fluentui/react-components';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatDate, formatDateTime } from '../../embed-sdk/format/date.js';
import { cycleAmountPanel, renewalInfo } from '../../embed-sdk/rules/memberships.js';
import { CardOnFilePanel, DetailPanel, PanelGrid, PanelLine } from '../ui/DetailPanels.js';
import {
  showsNextPayment,
  startDateShown,
  type Membership,
  type MembershipActions,
} from './membershipView.js';
import { TEXT } from './texts.js';

export interface MembershipPanelsProps {
  membership: Membership;
  actions: MembershipActions;
  busy: 'remindAwaiting' | 'sendNewLink' | 'nextYear' | null;
  onChangeCancel: () => void;
  onRestart: () => void;
  /** true: Renew Next Year; false: Don't Renew Next Year. */
  onNextYearRenewal: (renew: boolean) => void;
  onReactivate: () => void;
  onChangeCard: () => void;
  onRemindAwaiting: () => void;
  onSendNewLink: () => void;
  onCancelMembership: () => void;
  onPreloadDialogs: () => void;
  onPreloadCards: () => void;
}

export function MembershipPanels(props: MembershipPanelsProps) {
  const { membership: m, actions } = props;
  const start = startDateShown(m);
  const cycle = cycleAmountPanel(
    m,
    // The server's rate has the state's law applied already (server/memberships/view.ts).
    { hasSurcharging: m.hasSurcharge, surchargeRateBps: m.surchargeRateBps, state: null },
    m.card?.funding ?? null,
  );
  const renewal = renewalInfo(m);
  const charging = m.chargeInProgress;
  const preload = { onPointerEnter: props.onPreloadDialogs, onFocus: props.onPreloadDialogs };
  return (
    <PanelGrid minWidth={170}>
      <DetailPanel label={TEXT.startDate}>
        <Subtitle1>{start.text}</Subtitle1>
        {start.hint && <PanelLine>{start.hint}</PanelLine>}
      </DetailPanel>

      <DetailPanel label={TEXT.cycleAmount}>
        <Subtitle1>{formatCurrency(cycle.amount)}</Subtitle1>
        <PanelLine>{TEXT.cycles[m.cycle]}</PanelLine>
        {cycle.creditCard && (
          <>
            <PanelLine>
              {TEXT.surcharge}: {formatCurrency(cycle.creditCard.surchargeAmount)}
            </PanelLine>
            <PanelLine>
              {TEXT.cardTotal}: {formatCurrency(cycle.creditCard.total)}
            </PanelLine>
          </>
        )}
      </DetailPanel>

      {showsNextPayment(m) && m.nextBillingDate && (
        <DetailPanel label={TEXT.nextPayment}>
          <Subtitle1>{formatCurrency(cycle.creditCard?.total ?? cycle.amount)}</Subtitle1>
          <PanelLine>{TEXT.on(formatDate(m.nextBillingDate))}</PanelLine>
          {m.nextRetryDate && (
            <PanelLine tone="danger">{TEXT.nextRetryOn(formatDate(m.nextRetryDate))}</PanelLine>
          )}
        </DetailPanel>
      )}

      <DetailPanel
        label={TEXT.renewal}
        action={
          actions.changeCancel ||
          actions.restart ||
          actions.dontRenewNextYear ||
          actions.renewNextYear ||
          actions.reactivate ? (
            <>
              {actions.changeCancel && (
                <Link as="button" disabled={charging} onClick={props.onChangeCancel} {...preload}>
                  {TEXT.changeCancel}
                </Link>
              )}
              {(actions.dontRenewNextYear || actions.renewNextYear) && (
                <Button
                  size="small"
                  disabled={charging || props.busy !== null}
                  icon={props.busy === 'nextYear' ? <Spinner size="extra-tiny" /> : undefined}
                  onClick={() => props.onNextYearRenewal(actions.renewNextYear)}
                >
                  {actions.renewNextYear ? TEXT.renewNextCycle : TEXT.dontRenewNextCycle}
                </Button>
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
              {actions.reactivate && (
                <Button size="small" appearance="primary" onClick={props.onReactivate}>
                  {TEXT.reactivate}
                </Button>
              )}
            </>
          ) : null
        }
      >
        <Subtitle1>{renewal.label}</Subtitle1>
        {renewal.date && <PanelLine>{formatDate(renewal.date)}</PanelLine>}
        {/* When it was canceled or expired is the status pill's ('Canceled 10/15/2026'): not again here. */}
        {m.status === 'INACTIVE' && m.reactivation?.kind === 'RESTART' && (
          <PanelLine>{TEXT.paidThrough(formatDate(m.reactivation.paidThrough))}</PanelLine>
        )}
      </DetailPanel>

      {m.status === 'ACTIVE' && (
        <CardOnFilePanel
          card={m.card}
          noCard={TEXT.noCard}
          changeCard={
            actions.changeCard
              ? { disabled: charging, onPreload: props.onPreloadCards, onClick: props.onChangeCard }
              : null
          }
        />
      )}

      {m.status === 'AWAITINGPATIENT' && (
        <DetailPanel
          label={TEXT.enrollment}
          wide
          action={
            actions.remindAwaiting || actions.sendNewLink || actions.cancelMembership ? (
              <>
                {actions.remindAwaiting && (
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={props.busy !== null}
                    icon={props.busy === 'remindAwaiting' ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={props.onRemindAwaiting}
                  >
                    {TEXT.sendReminder}
                  </Button>
                )}
                {actions.sendNewLink && (
                  <Button
                    size="small"
                    appearance={actions.remindAwaiting ? 'secondary' : 'primary'}
                    disabled={props.busy !== null}
                    icon={props.busy === 'sendNewLink' ? <Spinner size="extra-tiny" /> : undefined}
                    onClick={props.onSendNewLink}
                  >
                    {TEXT.sendNewLink}
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
          <PanelLine>{TEXT.awaitingHint}</PanelLine>
          {m.enrollment?.lastSent && (
            <PanelLine>{TEXT.lastSent(formatDateTime(m.enrollment.lastSent))}</PanelLine>
          )}
          {m.enrollment && (
            <PanelLine>
              {(m.enrollment.linkExpired ? TEXT.linkExpiredOn : TEXT.linkWorksUntil)(
                formatDateTime(m.enrollment.linkExpires),
              )}
            </PanelLine>
          )}
        </DetailPanel>
      )}
    </PanelGrid>
  );
}
