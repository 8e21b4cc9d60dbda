/**
 * What a part that stays in place (a detail modal's body) shows when its code could not load: what
 * happened, and Try again (runtime/lazyPart.tsx asks for the code again).
 */
import { Button, makeStyles } from '@fluentui/react-components';
import { PART_TEXT } from '../runtime/lazyPart.js';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '12px', rowGap: '8px' },
});

function PartFailure({ retry }: { retry: () => void }) {
  const styles = useStyles();
  return (
    <div role="alert" className={styles.row}>
      <span>{PART_TEXT.failed}</span>
      <Button onClick={retry}>{PART_TEXT.tryAgain}</Button>
    </div>
  );
}

/** For lazyPart's `failure`. */
export function retryFailure(_props: unknown, retry: () => void) {
  return <PartFailure retry={retry} />;
}
