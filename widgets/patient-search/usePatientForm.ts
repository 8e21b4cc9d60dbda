/**
 * The add/edit form's state: react-hook-form with the spec's rules (zod/mini through zodResolver),
 * starting values from the search term or the patient's record, and the save call for the dialog's
 * mode. A refusal from the server is kept to show in the form.
 */
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Customer } from '../../embed-sdk/contract/patient.js';
import { defaultClinic, type ClinicChoices } from './clinicOptions.js';
import { fieldsOf, formValuesOf, patientFormSchema, type PatientFormValues } from './patientForm.js';
import type { PatientDialog } from './patientSearch.atoms.js';
import { usePatientMutations } from './usePatientMutations.js';

export function usePatientForm(options: {
  dialog: PatientDialog;
  clinics: ClinicChoices;
  preferredClinic: number | undefined;
  onSaved: (customer: Customer) => void;
}) {
  const { dialog, clinics, preferredClinic, onSaved } = options;
  const { addPatient, savePatient } = usePatientMutations();
  const [failure, setFailure] = useState<string | null>(null);
  const initialClinic = dialog.mode === 'add' ? defaultClinic(clinics.options, preferredClinic) : undefined;
  const form = useForm<PatientFormValues>({
    resolver: zodResolver(patientFormSchema),
    defaultValues: formValuesOf(
      dialog.mode === 'add' ? dialog.prefill : dialog.patient,
      initialClinic ? String(initialClinic.clinicNum) : '',
    ),
  });

  // The clinics may arrive after the form opened: start in the default one unless a clinic was chosen.
  const { getFieldState, setValue } = form;
  const lateClinic = initialClinic ? null : defaultClinic(clinics.options, preferredClinic);
  useEffect(() => {
    if (dialog.mode === 'add' && lateClinic && !getFieldState('clinicNum').isDirty) {
      setValue('clinicNum', String(lateClinic.clinicNum));
    }
  }, [dialog.mode, lateClinic, getFieldState, setValue]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    const result =
      dialog.mode === 'add'
        ? await addPatient(fieldsOf(values, !clinics.fallback))
        : await savePatient(dialog.patient, fieldsOf(values, false));
    if (result.ok) onSaved(result.customer);
    else setFailure(result.message);
  });

  return { form, submit, failure };
}
