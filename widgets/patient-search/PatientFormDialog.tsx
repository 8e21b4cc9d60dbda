/**
 * Add Patient (new to the practice system), New Patient (a practice-system patient brought into
 * Chairside from the completed appointments) and Edit Patient, in a Fluent modal dialog: focus
 * stays inside, Escape closes it, and the search puts the focus back where it was.
 */
import {
  Button,
  DialogTrigger,
  makeStyles,
  MessageBar,
  MessageBarBody,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import type { GatewayCode } from '../../embed-sdk/contract/common.js';
import type { Customer } from '../../embed-sdk/contract/patient.js';
import { DialogForm, FormDialog } from '../ui/FormDialog.js';
import { FormError } from '../ui/FormError.js';
import { showsClinicSelect, type ClinicChoices } from './clinicOptions.js';
import type { PatientDialog } from './patientSearch.atoms.js';
import { PatientFormFields } from './PatientFormFields.js';
import { PRACTICE_SYSTEM_NAMES } from './practiceRules.js';
import { TEXT } from './texts.js';
import { usePatientForm } from './usePatientForm.js';

const useStyles = makeStyles({
  content: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalS,
  },
});

const TITLES = { add: TEXT.addPatient, new: TEXT.newPatient, edit: TEXT.editPatient } as const;

export interface PatientFormDialogProps {
  dialog: PatientDialog;
  gatewayCode: GatewayCode;
  clinics: ClinicChoices;
  preferredClinic: number | undefined;
  onCancel: () => void;
  onSaved: (customer: Customer) => void;
}

export function PatientFormDialog(props: PatientFormDialogProps) {
  const { dialog, gatewayCode, clinics, preferredClinic, onCancel, onSaved } = props;
  const styles = useStyles();
  const { form, submit, failure } = usePatientForm({ dialog, clinics, preferredClinic, onSaved });
  const { isSubmitting, errors } = form.formState;
  const system = PRACTICE_SYSTEM_NAMES[gatewayCode];
  const warning = dialog.mode === 'add' ? TEXT.willCreate(system) : TEXT.willUpdate(system);
  const showClinics = dialog.mode === 'add' && showsClinicSelect(clinics);

  return (
    <FormDialog open modalType="modal" busy={isSubmitting} onClose={onCancel}>
      <DialogForm
        title={TITLES[dialog.mode]}
        titleAction={
          <DialogTrigger action="close">
            <Button appearance="subtle" aria-label="Close" icon={<DismissRegular />} />
          </DialogTrigger>
        }
        onSubmit={submit}
        onCancel={onCancel}
        submitLabel={dialog.mode === 'edit' ? TEXT.updatePatient : TEXT.addPatient}
        submitting={isSubmitting}
        contentClassName={styles.content}
      >
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{warning}</MessageBarBody>
        </MessageBar>
        <FormError message={failure} />
        <PatientFormFields control={form.control} errors={errors} clinics={showClinics ? clinics : null} />
      </DialogForm>
    </FormDialog>
  );
}
