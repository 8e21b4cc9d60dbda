/** The three steps: Sent to (where, with the created time), Viewed, Paid. */
import { Caption1, makeStyles, Text, tokens } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular } from '@fluentui/react-icons';
import type { PaymentRequest } from '../../embed-sdk/contract/paymentRequest.js';
import { formatDateTime } from '../../embed-sdk/format/date.js';
import { timeline } from './paymentRequest.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', gap: '16px', flexWrap: 'wrap' },
  step: { display: 'flex', gap: '8px', alignItems: 'flex-start', flex: '1 1 160px', minWidth: 0 },
  done: { color: tokens.colorPaletteGreenForeground1, flexShrink: 0 },
  todo: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', overflowWrap: 'anywhere', minWidth: 0 },
});

export function RequestTimeline({ request }: { request: PaymentRequest }) {
  const styles = useStyles();
  return (
    <ol className={styles.list} aria-label={TEXT.timeline}>
      {timeline(request).map((step) => (
        <li key={step.label} className={styles.step} aria-current={undefined}>
          {step.at ? (
            <CheckmarkCircleFilled className={styles.done} fontSize={20} aria-hidden />
          ) : (
            <CircleRegular className={styles.todo} fontSize={20} aria-hidden />
          )}
          <span className={styles.text}>
            <Text weight="semibold">{step.label}</Text>
            {step.detail && <Text size={200}>{step.detail}</Text>}
            <Caption1>{step.at ? formatDateTime(step.at) : TEXT.notYet}</Caption1>
          </span>
        </li>
      ))}
    </ol>
  );
}
