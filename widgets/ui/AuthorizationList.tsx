/**
 * How a patient approved a payment plan or a membership (their Authorization tabs): method, IP
 * address, signature, template and approved date. The signature is their typed name, shown as a
 * signature, or a picture from a signing pad (a data URL), shown as the picture.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { isSignatureImage } from './signature.js';

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
    // A signing pad draws dark ink on transparency: it stays legible on a dark theme.
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

export interface AuthorizationListProps {
  /** The method's label, or null when none was recorded. */
  method: string | null;
  ipAddress: string | null;
  signature: string | null;
  template: string | null;
  approvedDate: string | null;
  /** Whose signature it is (the picture's alternative text). */
  signerName: string;
  text: {
    authorization: string;
    method: string;
    ipAddress: string;
    signature: string;
    signatureImage: (name: string) => string;
    template: string;
    approvedDate: string;
    notRecorded: string;
  };
}

export function AuthorizationList(props: AuthorizationListProps) {
  const { text } = props;
  const styles = useStyles();
  const none = text.notRecorded;
  const signature = props.signature?.trim() ?? '';
  return (
    <dl className={styles.list} aria-label={text.authorization}>
      <dt className={styles.term}>{text.method}</dt>
      <dd className={styles.value}>{props.method ?? none}</dd>
      <dt className={styles.term}>{text.ipAddress}</dt>
      <dd className={styles.value}>{props.ipAddress || none}</dd>
      <dt className={styles.term}>{text.signature}</dt>
      <dd className={styles.value}>
        {signature === '' ? (
          none
        ) : isSignatureImage(signature) ? (
          <img
            className={styles.signatureImage}
            src={signature}
            alt={text.signatureImage(props.signerName)}
          />
        ) : (
          <span className={styles.signature}>{signature}</span>
        )}
      </dd>
      <dt className={styles.term}>{text.template}</dt>
      <dd className={styles.value}>
        {props.template ? <div className={styles.template}>{props.template}</div> : none}
      </dd>
      <dt className={styles.term}>{text.approvedDate}</dt>
      <dd className={styles.value}>{props.approvedDate ? formatDateTime(props.approvedDate) : none}</dd>
    </dl>
  );
}
