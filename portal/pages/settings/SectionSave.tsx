/**
 * The foot of a Settings section's form (useSectionForm.ts): what the server refused that no field
 * holds, and Save, which waits for a change and says when it is saving.
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { FormState, FieldValues } from 'react-hook-form';
import { FormError } from '../../../widgets/ui/FormError.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalM },
});

export function SectionSave<V extends FieldValues>({
  failure,
  formState,
}: {
  failure: string | null;
  formState: FormState<V>;
}) {
  const styles = useStyles();
  return (
    <>
      <FormError message={failure} />
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={formState.isSubmitting || !formState.isDirty}>
          {formState.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </>
  );
}
