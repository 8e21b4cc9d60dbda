/**
 * The Authorization tab: how the patient agreed to the plan. The signature is their typed name,
 * shown as a signature, or a picture from a signing pad (a data URL), shown as the picture.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { PaymentPlan } from '../../embed-sdk/contract/paymentPlan.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { isSignatureImage, patientName } from './paymentPlan.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: '24px',
    rowGap: '10px',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  signature: {
    fontFamily: "'Segoe Script', 'Brush Script MT', 'Snell Roundhand', cursive",
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
  },
  signatureImage: {
    display: 'block',
    maxWidth: '320px',
    maxHeight: '120px',
    backgroundColor: '#ffffff',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  template: {
    whiteSpace: 'pre-wrap',
    padding: '8px 12px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
});

export function AuthorizationTab({ plan }: { plan: PaymentPlan }) {
  const styles = useStyles();
  const none = TEXT.notRecorded;
  const signature = plan.signature?.trim() ?? '';
  return (
    <dl className={styles.list} aria-label={TEXT.authorization}>
      <dt className={styles.term}>{TEXT.method}</dt>
      <dd className={styles.value}>{plan.approvedMethod ? TEXT.methods[plan.approvedMethod] : none}</dd>
      <dt className={styles.term}>{TEXT.ipAddress}</dt>
      <dd className={styles.value}>{plan.ipAddress || none}</dd>
      <dt className={styles.term}>{TEXT.signature}</dt>
      <dd className={styles.value}>
        {signature === '' ? (
          none
        ) : isSignatureImage(signature) ? (
          <img
            className={styles.signatureImage}
            src={signature}
            alt={TEXT.signatureImage(patientName(plan))}
          />
        ) : (
          <span className={styles.signature}>{signature}</span>
        )}
      </dd>
      <dt className={styles.term}>{TEXT.template}</dt>
      <dd className={styles.value}>
        {plan.template ? <div className={styles.template}>{plan.template}</div> : none}
      </dd>
      <dt className={styles.term}>{TEXT.approvedDate}</dt>
      <dd className={styles.value}>{plan.approvedDate ? formatDateTime(plan.approvedDate) : none}</dd>
    </dl>
  );
}
