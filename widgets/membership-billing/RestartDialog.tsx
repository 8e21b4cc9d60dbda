/**
 * Restart Membership (section 4): an expired yearly membership starts again today and a card is
 * charged a year. Approved: 'Transaction Approved' with the transaction ID; declined: 'Transaction
 * Declined' with the decline message, in the dialog (the membership stays expired). One idempotency
 * key per attempt, as for a payment: a retry after no answer is the same charge; an answer, or
 * another card, makes the next press a new attempt.
 *
 * The dialog shows the card it charges: the card on file, or another of the patient's cards chosen
 * with Use Another Card (the card picker, which also adds one through the card provider's frame). An
 * expired membership's card on file cannot be changed (Change Card is for active ones), so without
 * this a declined restart could never be tried again; once approved, the card that paid is the card
 * on file.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import type { SavedCard } from '../../embed-sdk/contract/savedCard.js';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { useNotify } from '../runtime/useBanners.js';
import { CardBrandBadge } from '../ui/CardBrandBadge.js';
import { formatExpiry } from '../ui/cardBrands.js';
import { PANEL_TEXT } from '../ui/DetailPanels.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { FormError } from '../ui/FormError.js';
import { SURCHARGE_TEXT } from '../ui/SurchargeLines.js';
import { useSurcharge } from '../ui/useSurcharge.js';
import { cardPickerPart, LazyCardPicker } from '../ui/LazyCardPicker.js';
import type { Membership } from './membershipView.js';
import type { MembershipDialogProps } from './RenewalOptionsDialog.js';
import { DIALOG_TEXT, MEMBERSHIP_MESSAGES } from './texts.js';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  cardBox: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '12px',
    flexWrap: 'wrap',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  cardText: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0 },
  label: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  card: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  muted: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  danger: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

/** What the restart charges: the card chosen, else the card on file while the patient still has it. */
function chargedCard(m: Membership, chosen: SavedCard | null) {
  if (chosen) return { card: chosen, usable: true, onFile: false };
  return { card: m.card, usable: m.card?.isActive === true, onFile: true };
}

/** The sentence above the card: what is charged, once known for a chosen card. */
function useRestartMessage(m: Membership, chosen: SavedCard | null) {
  const quote = useSurcharge(chosen?.id ?? null, chosen ? m.amount : null);
  if (!chosen)
    return { text: DIALOG_TEXT.restartMessage(formatCurrency(m.cardTotal || m.amount)), known: true };
  if (quote.result)
    return { text: DIALOG_TEXT.restartWithCard(formatCurrency(quote.result.total)), known: true };
  if (quote.failed)
    return {
      text: DIALOG_TEXT.restartWithCard(formatCurrency(m.amount)),
      note: SURCHARGE_TEXT.surchargeFailed,
      known: true,
    };
  return { text: DIALOG_TEXT.restartAmountPending, known: false };
}

export function RestartDialog({ membership: m, changes, onClose }: MembershipDialogProps) {
  const styles = useStyles();
  const notify = useNotify();
  const [declined, setDeclined] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [chosen, setChosen] = useState<SavedCard | null>(null);
  // The picker stays mounted once opened (unmounting an open Fluent dialog skips its clean-up).
  const [picker, setPicker] = useState<boolean | null>(null);
  // The focus goes back to Use Another Card when the picker closes: the picker disables its button
  // while it works, which drops the focus to the page, where Escape would no longer reach this dialog.
  const anotherCard = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (picker === false) anotherCard.current?.focus();
  }, [picker]);
  const { card, usable, onFile } = chargedCard(m, chosen);
  const message = useRestartMessage(m, chosen);

  const submit = async () => {
    setDeclined(null);
    setBusy(true);
    const outcome = await changes.restart(key, chosen?.id);
    setBusy(false);
    if (outcome === null) return;
    setKey(crypto.randomUUID());
    if (outcome.kind === 'declined') {
      setDeclined(outcome.reason ?? '');
      return;
    }
    notify({
      intent: 'success',
      title: MEMBERSHIP_MESSAGES.transactionApproved,
      message: DIALOG_TEXT.transactionId(outcome.transactionId ?? ''),
    });
    onClose();
  };

  const chooseCard = (next: SavedCard) => {
    // The card on file chosen back is no choice: the restart charges it without naming it.
    setChosen(next.id === m.customerSavedCardId && m.card?.isActive ? null : next);
    // Another card is another attempt, and the decline was about the card before it.
    setKey(crypto.randomUUID());
    setDeclined(null);
    return true;
  };

  return (
    <FormDialog open label={DIALOG_TEXT.restartTitle} onClose={onClose} busy={busy}>
      <DialogForm
        title={DIALOG_TEXT.restartTitle}
        onSubmit={(event) => {
          event.preventDefault();
          return submit();
        }}
        submitLabel={DIALOG_TEXT.restart}
        cancelLabel={DIALOG_TEXT.keepExpired}
        onCancel={onClose}
        submitting={busy}
        canSubmit={usable && message.known}
        contentClassName={styles.content}
        error={
          declined !== null ? (
            <FormError
              title={MEMBERSHIP_MESSAGES.transactionDeclined}
              message={declined || DIALOG_TEXT.declined}
            />
          ) : null
        }
      >
        <Text>{message.text}</Text>
        {message.note && <Text className={styles.muted}>{message.note}</Text>}
        <div className={styles.cardBox} role="group" aria-label={DIALOG_TEXT.restartCard}>
          <div className={styles.cardText}>
            <span className={styles.label}>{onFile ? PANEL_TEXT.cardOnFile : DIALOG_TEXT.restartCard}</span>
            {card ? (
              <>
                <span className={styles.card}>
                  <CardBrandBadge cardType={card.cardType} size="small" />
                  <span className={styles.number}>{card.description}</span>
                </span>
                <span className={styles.muted}>
                  {PANEL_TEXT.expires(formatExpiry(card.expMonth, card.expYear))}
                </span>
                {!usable && <span className={styles.danger}>{PANEL_TEXT.cardRemoved}</span>}
              </>
            ) : (
              <span className={styles.danger}>{DIALOG_TEXT.noCard}</span>
            )}
          </div>
          <Button
            ref={anotherCard}
            size="small"
            disabled={busy}
            onPointerEnter={cardPickerPart.prefetch}
            onFocus={cardPickerPart.prefetch}
            onClick={() => setPicker(true)}
          >
            {DIALOG_TEXT.useAnotherCard}
          </Button>
        </div>
      </DialogForm>
      {picker !== null && (
        // Beside the form, not in it: the picker's events reach its React parents through the portal.
        <LazyCardPicker
          open={picker}
          purpose="change"
          customerId={m.customerId}
          currentCardId={card?.id ?? null}
          hint={DIALOG_TEXT.restartCardHint}
          onClose={() => setPicker(false)}
          onChosen={chooseCard}
        />
      )}
    </FormDialog>
  );
}
