/**
 * The filter bar's patient box: a plain box with the chosen patient's name paints with the bar, and
 * the search-as-you-type box (Fluent's combobox and its list) replaces it once its code is here,
 * which the bar asks for as soon as it shows.
 */
import { Field, Input } from '@fluentui/react-components';
import type { ComponentProps } from 'react';
import { lazyPart } from '../../runtime/lazyPart.js';
import type { PatientCombobox } from '../../ui/PatientCombobox.js';

type Props = ComponentProps<typeof PatientCombobox>;

export const patientFilterPart = lazyPart(
  () => import('../../ui/PatientCombobox.js'),
  (module) => module.PatientCombobox,
  (props: Props) => (
    <Field label={props.label}>
      <Input readOnly value={props.chosenName ?? ''} />
    </Field>
  ),
);

export const LazyPatientFilter = patientFilterPart.Component;
