/**
 * The Enrollees tab: each enrollee line's patient, plan, linked discount plan, quantity, cycle amount
 * and total. The plan's name opens its detail modal. Quantity and amount are edited inline (unless
 * the membership awaits the patient or is not active, or the person may not edit), and so are the
 * next billing date (once started) and a yearly membership's auto-renew, which Save Membership
 * Changes carries with the lines (section 7); once edited, the new cycle amount, 'Notify patient via
 * email of membership changes.' and 'Save Membership Changes' appear. The typed values are UI state
 * (Jotai), the saved lines stay in SWR.
 */
import {
  Button,
  Checkbox,
  Field,
  Input,
  Link,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MONEY_COLUMN } from '../ui/listColumns.js';
import { useAtom, useSetAtom } from 'jotai';
import { useState } from 'react';
import { formatCurrency } from '../../embed-sdk/format/currency.js';
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { useSdk } from '../runtime/SdkContext.js';
import { MONEY_INPUT } from '../ui/formFields.js';
import { billingEditsAtom, dialogAtom, lineEditsAtom, notifyPatientAtom } from './membership.atoms.js';
import {
  editedBilling,
  editedLines,
  editsNextBillingDate,
  editsYearlyAutoRenew,
  lineEditOf,
  type Membership,
} from './membershipView.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  scroller: { overflowX: 'auto' },
  number: MONEY_COLUMN,
  headerNumber: { justifyContent: 'flex-end' },
  // The field sits at the cell's end, under its right-aligned header.
  field: { justifyItems: 'end' },
  qty: { width: '72px' },
  billing: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '8px 24px' },
  date: { width: '170px' },
  amount: { width: '120px' },
  footer: {
    display: 'flex',
    gap: '12px',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'flex-end',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  newAmount: { fontWeight: tokens.fontWeightSemibold, marginRight: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export interface EnrolleesTabProps {
  membership: Membership;
  editable: boolean;
  saving: boolean;
  onSave: () => void;
}

export function EnrolleesTab({ membership: m, editable, saving, onSave }: EnrolleesTabProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const [today] = useState(() => formatIsoDay(sdk.now()));
  const [edits, setEdits] = useAtom(lineEditsAtom);
  const [billingEdits, setBillingEdits] = useAtom(billingEditsAtom);
  const [notify, setNotify] = useAtom(notifyPatientAtom);
  const openDialog = useSetAtom(dialogAtom);
  const edited = editedLines(m.billingMemberships, editable ? edits : {});
  const billing = editedBilling(m, editable ? billingEdits : {}, today);
  const dirty = edited.changed || !edited.valid || billing.changed || billing.problem !== null;
  const valid = edited.valid && billing.problem === null;
  const showsDate = editable && editsNextBillingDate(m);
  const showsAutoRenew = editable && editsYearlyAutoRenew(m);

  const edit = (line: Membership['billingMemberships'][number], field: 'qty' | 'amount', value: string) =>
    setEdits((all) => ({ ...all, [line.id]: { ...(all[line.id] ?? lineEditOf(line)), [field]: value } }));

  return (
    <div className={styles.root}>
      {(showsDate || showsAutoRenew) && (
        <div className={styles.billing} role="group" aria-label={TEXT.billing}>
          {showsDate && (
            <Field
              label={TEXT.nextBillingDate}
              hint={m.cycle === 'YEARLY' ? TEXT.nextBillingDateHintYearly : TEXT.nextBillingDateHint}
              validationMessage={billing.problem ?? undefined}
            >
              <Input
                type="date"
                className={styles.date}
                min={today}
                value={billingEdits.nextBillingDate ?? m.nextBillingDate ?? ''}
                disabled={saving}
                onChange={(_e, data) => setBillingEdits((all) => ({ ...all, nextBillingDate: data.value }))}
              />
            </Field>
          )}
          {showsAutoRenew && (
            <Checkbox
              label={TEXT.yearlyAutoRenew}
              checked={billingEdits.yearlyAutoRenew ?? m.yearlyAutoRenew}
              disabled={saving}
              onChange={(_e, data) =>
                setBillingEdits((all) => ({ ...all, yearlyAutoRenew: data.checked === true }))
              }
            />
          )}
        </div>
      )}
      <div className={styles.scroller}>
        <Table aria-label={TEXT.enrolleesTable} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{TEXT.patient}</TableHeaderCell>
              <TableHeaderCell>{TEXT.plan}</TableHeaderCell>
              <TableHeaderCell>{TEXT.discountPlan}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>{TEXT.quantity}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>{TEXT.amount}</TableHeaderCell>
              <TableHeaderCell button={{ className: styles.headerNumber }}>{TEXT.total}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {m.billingMemberships.map((line, i) => {
              const name = `${line.customer.firstName} ${line.customer.lastName}`.trim();
              const typed = edits[line.id] ?? lineEditOf(line);
              const problems = edited.problems[line.id];
              const shown = edited.lines[i]!;
              return (
                <TableRow key={line.id}>
                  <TableCell>{name}</TableCell>
                  <TableCell>
                    <Link
                      as="button"
                      aria-label={TEXT.openPlan(line.label)}
                      onClick={() => openDialog({ kind: 'plan', lineId: line.id })}
                    >
                      {line.label}
                    </Link>
                  </TableCell>
                  <TableCell>{line.discountPlan || TEXT.none}</TableCell>
                  <TableCell className={styles.number}>
                    {editable ? (
                      <Field className={styles.field} validationMessage={problems?.qty ?? undefined}>
                        <Input
                          className={styles.qty}
                          inputMode="numeric"
                          aria-label={TEXT.quantityOf(name, line.label)}
                          value={typed.qty}
                          disabled={saving}
                          onChange={(_e, data) => edit(line, 'qty', data.value)}
                        />
                      </Field>
                    ) : (
                      line.qty
                    )}
                  </TableCell>
                  <TableCell className={styles.number}>
                    {editable ? (
                      <Field className={styles.field} validationMessage={problems?.amount ?? undefined}>
                        <Input
                          {...MONEY_INPUT}
                          className={styles.amount}
                          aria-label={TEXT.amountOf(name, line.label)}
                          value={typed.amount}
                          disabled={saving}
                          onChange={(_e, data) => edit(line, 'amount', data.value)}
                        />
                      </Field>
                    ) : (
                      formatCurrency(line.amount)
                    )}
                  </TableCell>
                  <TableCell className={styles.number}>{formatCurrency(shown.qty * shown.amount)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {editable && dirty && (
        <div className={styles.footer} role="group" aria-label={TEXT.saveMembershipChanges}>
          {edited.changed && edited.amount !== null && (
            <Text className={styles.newAmount}>{TEXT.newCycleAmount(formatCurrency(edited.amount))}</Text>
          )}
          <Checkbox
            label={TEXT.notifyPatientOfChanges}
            checked={notify}
            disabled={saving}
            onChange={(_e, data) => setNotify(data.checked === true)}
          />
          <Button
            disabled={saving}
            onClick={() => {
              setEdits({});
              setBillingEdits({});
            }}
          >
            {TEXT.discardChanges}
          </Button>
          <Button
            appearance="primary"
            disabled={saving || !valid || !(edited.changed || billing.changed) || m.chargeInProgress}
            onClick={onSave}
          >
            {TEXT.saveMembershipChanges}
          </Button>
        </div>
      )}
    </div>
  );
}
