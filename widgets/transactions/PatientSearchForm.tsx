/**
 * A search box with a Search button (Move Payment, Associate Transaction): the term is looked up
 * when the button is pressed (or Enter), and the patients found are a radio list to choose from;
 * 'No patients found.' when none are. Each patient shows their date of birth, since names repeat.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Patient } from '../../embed-sdk/contract/patient.js';
import { formatDate } from '../../embed-sdk/format/date.js';
import { PATIENT_TEXT } from './dialogTexts.js';
import { usePatientLookup } from './usePatientLookup.js';

const useStyles = makeStyles({
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  grow: { flexGrow: 1 },
  list: { maxHeight: '240px', overflowY: 'auto' },
});

export interface PatientSearchFormProps {
  text: {
    searchLabel: string;
    searchPlaceholder: string;
    search: string;
    noPatients: string;
    patients: string;
  };
  /** Patients not to offer (the payment's own). */
  exclude?: (patient: Patient) => boolean;
  chosen: Patient | null;
  onChoose: (patient: Patient | null) => void;
}

/** The date of birth as a list of patients says it ('born 03/14/1988'); names repeat. */
export function bornText(birthdate: string | null | undefined): string {
  return birthdate ? `${PATIENT_TEXT.born} ${formatDate(birthdate)}` : '';
}

export function patientLabel(
  p: Pick<Patient, 'firstName' | 'lastName' | 'key' | 'email' | 'birthdate'>,
): string {
  const born = bornText(p.birthdate);
  return `${p.firstName} ${p.lastName}${born ? ` · ${born}` : ''} · #${p.key}${p.email ? ` · ${p.email}` : ''}`;
}

export function PatientSearchForm({ text, exclude, chosen, onChoose }: PatientSearchFormProps) {
  const styles = useStyles();
  const [typed, setTyped] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const found = usePatientLookup(asked);
  const patients = (found.data?.patients ?? []).filter((p) => !exclude?.(p));
  const search = () => {
    onChoose(null);
    setAsked(typed.trim() || null);
  };
  return (
    <>
      <div className={styles.row}>
        <Field label={text.searchLabel} className={styles.grow}>
          <Input
            value={typed}
            placeholder={text.searchPlaceholder}
            onChange={(_e, d) => setTyped(d.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
        </Field>
        <Button icon={<SearchRegular />} disabled={typed.trim() === ''} onClick={search}>
          {text.search}
        </Button>
      </div>
      {found.isLoading && <Spinner size="tiny" />}
      {found.data && patients.length === 0 && (
        <MessageBar intent="info">
          <MessageBarBody>{text.noPatients}</MessageBarBody>
        </MessageBar>
      )}
      {patients.length > 0 && (
        <RadioGroup
          aria-label={text.patients}
          className={styles.list}
          value={chosen ? String(chosen.key) : ''}
          onChange={(_e, d) => onChoose(patients.find((p) => String(p.key) === d.value) ?? null)}
        >
          {patients.map((p) => (
            <Radio key={p.key} value={String(p.key)} label={patientLabel(p)} />
          ))}
        </RadioGroup>
      )}
    </>
  );
}
