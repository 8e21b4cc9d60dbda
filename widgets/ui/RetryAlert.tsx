/**
 * A failure with Try again, as a detail modal says it (DetailModal.tsx): its record could not load,
 * or its body's code could not (runtime/lazyPart.tsx asks for the code again).
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { PART_TEXT } from '../runtime/lazyPart.js';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '12px', rowGap: '8px' },
});

export function RetryAlert({
  message,
  tryAgain,
  onRetry,
}: {
  message: string;
  tryAgain: string;
  onRetry: () => void;
}) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.row}>
      <span>{message}</span>
      <Button onClick={onRetry}>{tryAgain}</Button>
    </div>
  );
}

/** For lazyPart's `failure`: a part that stays in place (a detail modal's body). */
export function retryFailure(_props: unknown, retry: () => void) {
  return <RetryAlert message={PART_TEXT.failed} tryAgain={PART_TEXT.tryAgain} onRetry={retry} />;
}
