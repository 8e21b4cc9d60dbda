/**
 * The carrier's sent claims, grouped by patient: each claim to choose, with its procedures and their
 * amounts (Reimbursement, Write Off, Patient Share) once chosen, and under each patient with a share
 * where its payment request goes (text and/or e-mail, the part-1 channels).
 */
import {
  Checkbox,
  makeStyles,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { Claim } from '../../../embed-sdk/contract/insurance.js';
import { formatCurrency } from '../../../embed-sdk/format/currency.js';
import { formatDate } from '../../../embed-sdk/format/date.js';
import { formatPhone } from '../../../embed-sdk/format/phone.js';
import { ChannelFields } from '../../ui/ChannelFields.js';
import { InputField, MONEY_INPUT } from '../../ui/formFields.js';
import { ListScroll } from '../../ui/ListFrame.js';
import { Truncated, useListColumns, useListTableStyles } from '../../ui/listColumns.js';
import { FORM_TEXT as T } from '../texts.js';
import {
  FIELD_LABELS,
  patientShares,
  type AmountField,
  type NewReimbursementValues,
} from './newReimbursement.js';

const useStyles = makeStyles({
  patient: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  contact: { color: tokens.colorNeutralForeground3 },
  amount: { width: '96px', '& .fui-Input': { minWidth: 0, width: '100%' } },
  heading: { margin: 0 },
  share: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  cell: { verticalAlign: 'top' },
});

interface Patient {
  customerId: number;
  name: string;
  contact: string;
  claims: { claim: Claim; index: number }[];
}

function byPatient(claims: readonly Claim[]): Patient[] {
  const patients: Patient[] = [];
  claims.forEach((claim, index) => {
    let p = patients.find((x) => x.customerId === claim.customerId);
    if (!p) {
      p = {
        customerId: claim.customerId,
        name: `${claim.firstName} ${claim.lastName}`,
        contact: [formatPhone(claim.cell), claim.email].filter(Boolean).join(' · '),
        claims: [],
      };
      patients.push(p);
    }
    p.claims.push({ claim, index });
  });
  return patients;
}

function Procedures({
  claim,
  index,
  control,
}: {
  claim: Claim;
  index: number;
  control: Control<NewReimbursementValues>;
}) {
  const styles = useStyles();
  const columns = useListColumns();
  const table = useListTableStyles();
  const amount = (pi: number, field: AmountField, code: string) => (
    <InputField
      control={control}
      name={`claims.${index}.procedures.${pi}.${field}`}
      className={styles.amount}
      {...MONEY_INPUT}
      aria-label={T.amountFor(FIELD_LABELS[field], code)}
    />
  );
  return (
    <ListScroll>
      <Table
        size="small"
        aria-label={T.claimLabel(claim.claimNumber, formatDate(claim.dateService), '')}
        className={table.table}
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={columns.nowrap}>{T.procDate}</TableHeaderCell>
            <TableHeaderCell className={columns.nowrap}>{T.code}</TableHeaderCell>
            <TableHeaderCell className={columns.elastic}>{T.name}</TableHeaderCell>
            <TableHeaderCell className={columns.money}>{T.fee}</TableHeaderCell>
            <TableHeaderCell className={columns.money}>{T.estimate}</TableHeaderCell>
            <TableHeaderCell>{FIELD_LABELS.amountToPay}</TableHeaderCell>
            <TableHeaderCell>{FIELD_LABELS.amountToWriteOff}</TableHeaderCell>
            <TableHeaderCell>{FIELD_LABELS.amountToCollect}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {claim.procedures.map((p, pi) => (
            <TableRow key={p.claimProcedureId}>
              <TableCell className={columns.nowrap}>{formatDate(p.procDate)}</TableCell>
              <TableCell className={columns.nowrap}>{p.procCode}</TableCell>
              <TableCell className={columns.elastic}>
                <Truncated text={p.descript} width="fill" />
              </TableCell>
              <TableCell className={columns.money}>{formatCurrency(p.fee)}</TableCell>
              <TableCell className={columns.money}>{formatCurrency(p.insuranceEstimate)}</TableCell>
              <TableCell className={styles.cell}>{amount(pi, 'amountToPay', p.procCode)}</TableCell>
              <TableCell className={styles.cell}>{amount(pi, 'amountToWriteOff', p.procCode)}</TableCell>
              <TableCell className={styles.cell}>{amount(pi, 'amountToCollect', p.procCode)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ListScroll>
  );
}

export function ClaimPicker({
  claims,
  control,
}: {
  /** The claims as the form's `claims` holds them, in the same order. */
  claims: readonly Claim[];
  control: Control<NewReimbursementValues>;
}) {
  const styles = useStyles();
  const values = useWatch({ control, name: ['claims', 'requests'] });
  const [formClaims, requests] = values;
  const shares = patientShares({ claims: formClaims ?? [] });
  return (
    <>
      {byPatient(claims).map((patient) => {
        const share = shares.get(patient.customerId) ?? 0;
        const requestIndex = (requests ?? []).findIndex((r) => r.customerId === patient.customerId);
        const anyChosen = patient.claims.some(({ index }) => formClaims?.[index]?.chosen);
        return (
          <section key={patient.customerId} className={styles.patient} aria-label={patient.name}>
            <Subtitle2 as="h3" className={styles.heading}>
              {patient.name}
            </Subtitle2>
            {patient.contact && (
              <Text size={200} className={styles.contact}>
                {patient.contact}
              </Text>
            )}
            {patient.claims.map(({ claim, index }) => (
              <div key={claim.claimId}>
                <Controller
                  control={control}
                  name={`claims.${index}.chosen`}
                  render={({ field }) => (
                    <Checkbox
                      ref={field.ref}
                      checked={field.value}
                      onChange={(_e, d) => field.onChange(d.checked === true)}
                      label={T.claimLabel(claim.claimNumber, formatDate(claim.dateService), claim.planName)}
                    />
                  )}
                />
                {formClaims?.[index]?.chosen && <Procedures claim={claim} index={index} control={control} />}
              </div>
            ))}
            {anyChosen && requestIndex >= 0 && (
              <div className={styles.share}>
                {share > 0 ? (
                  <>
                    <Text weight="semibold">{T.share(formatCurrency(share))}</Text>
                    <ChannelFields control={control} prefix={`requests.${requestIndex}.`} sideBySide />
                  </>
                ) : (
                  <Text className={styles.muted}>{T.noShare}</Text>
                )}
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}
