/** A family member to enrol: chosen by name, then read for their name (the box gives the id). */
import { useState } from 'react';
import { PatientCombobox } from '../../ui/PatientCombobox.js';
import { NEW_MEMBERSHIP_TEXT as T } from '../texts.js';
import { useFamilyMember, type Person } from './useNewMembership.js';

export function AddFamilyMember({ onAdd }: { onAdd: (person: Person) => void }) {
  const [chosen, setChosen] = useState<number | null>(null);
  useFamilyMember(chosen, (person) => {
    onAdd(person);
    setChosen(null);
  });
  return (
    <PatientCombobox
      key={chosen === null ? 'idle' : 'reading'}
      label={T.addFamilyMember}
      required={false}
      value={chosen}
      onChange={setChosen}
    />
  );
}
