/** The plan detail modal, opened from a plan's name in the Enrollees tab: image, label, description, benefits. */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import type { BillingMembership } from '../../embed-sdk/contract/membership.js';
import { DIALOG_TEXT, TEXT } from './texts.js';

const useStyles = makeStyles({
  surface: { maxWidth: '480px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  image: {
    display: 'block',
    maxWidth: '100%',
    maxHeight: '200px',
    objectFit: 'contain',
    alignSelf: 'center',
    borderRadius: tokens.borderRadiusMedium,
  },
  description: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
  benefits: { margin: 0, paddingLeft: '20px', display: 'flex', flexDirection: 'column', gap: '4px' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function PlanDetailDialog({ line, onClose }: { line: BillingMembership; onClose: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface} aria-label={line.label}>
        <DialogBody>
          <DialogTitle>{line.label}</DialogTitle>
          <DialogContent className={styles.content}>
            {line.image && <img className={styles.image} src={line.image} alt={TEXT.planImage(line.label)} />}
            {line.description && <Text className={styles.description}>{line.description}</Text>}
            <Subtitle2>{TEXT.benefits}</Subtitle2>
            {line.billingMembershipBenefits.length > 0 ? (
              <ul className={styles.benefits} aria-label={TEXT.benefits}>
                {line.billingMembershipBenefits.map((b) => (
                  <li key={b.id}>{b.label}</li>
                ))}
              </ul>
            ) : (
              <Text className={styles.muted}>{TEXT.noBenefits}</Text>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {DIALOG_TEXT.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
