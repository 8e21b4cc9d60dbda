/**
 * The frame of a record's detail modal (a payment plan, a payment request): the title with a Close
 * button, the body once the record is here, meanwhile a spinner or, when it could not load, the
 * failure with Try again, and Close at the bottom. The frame paints first; the body is usually a
 * part whose code loads while the record does (runtime/lazyPart.tsx).
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { backdropOverGutter, centredInWindow } from './dialogPlacement.js';
import { RetryAlert } from './RetryAlert.js';

const useStyles = makeStyles({
  surface: { width: '100%', ...centredInWindow },
  backdrop: backdropOverGutter,
  content: { display: 'flex', flexDirection: 'column', gap: '16px', minWidth: 0 },
});

export interface DetailModalProps {
  /** @default true */
  open?: boolean;
  /** The title, with the record's name in it once it is here. */
  title: string;
  /** The body; null while the record loads or when it failed to. */
  children: ReactNode | null;
  loadFailed: boolean;
  onRetry: () => void;
  onClose: () => void;
  /** The surface's largest width, e.g. '760px'. */
  maxWidth: string;
  text: { close: string; loading: string; failed: string; tryAgain: string };
}

export function DetailModal({
  open = true,
  title,
  children,
  loadFailed,
  onRetry,
  onClose,
  maxWidth,
  text,
}: DetailModalProps) {
  const styles = useStyles();
  const loaded = children !== null;
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface
        className={styles.surface}
        backdrop={{ className: styles.backdrop }}
        style={{ maxWidth: `min(${maxWidth}, calc(100vw - 48px))` }}
        aria-label={loaded ? title : text.loading}
      >
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                aria-label={text.close}
                icon={<DismissRegular />}
                onClick={onClose}
              />
            }
          >
            {title}
          </DialogTitle>
          <DialogContent className={styles.content}>
            {loaded ? (
              children
            ) : loadFailed ? (
              <RetryAlert message={text.failed} tryAgain={text.tryAgain} onRetry={onRetry} />
            ) : (
              <Spinner label={text.loading} />
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{text.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
