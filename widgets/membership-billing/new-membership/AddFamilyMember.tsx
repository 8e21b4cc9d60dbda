/**
 * A family member to enrol, chosen from the holder's family only (memberships' own read, the
 * guarantor first): opened, the box offers the whole family not on the list yet; typing narrows it by
 * name. A member without a customer gets one as they are added.
 */
import { Combobox, Field, Option } from '@fluentui/react-components';
import { useState } from 'react';
import type { MembershipFamilyMember } from '../../../embed-sdk/contract/membership.js';
import { NEW_MEMBERSHIP_TEXT as T } from '../texts.js';
import { useFamilyMemberCustomer, useMembershipFamily, type Person } from './useNewMembership.js';

const nameOf = (m: Pick<MembershipFamilyMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

export function AddFamilyMember(props: {
  holder: Person;
  /** The customers already offered as enrollees. */
  added: readonly number[];
  onAdd: (person: Person) => void;
}) {
  const { data: family, error } = useMembershipFamily(props.holder.id);
  const customerOf = useFamilyMemberCustomer(props.holder.id);
  const [term, setTerm] = useState('');
  const [adding, setAdding] = useState(false);
  const [failed, setFailed] = useState(false);
  // Members added here (one without a customer until now is not yet one in `family`).
  const [addedKeys, setAddedKeys] = useState<readonly number[]>([]);
  const others = (family ?? []).filter(
    (m) =>
      !m.isHolder &&
      !addedKeys.includes(m.key) &&
      (m.customerId === null || !props.added.includes(m.customerId)),
  );
  const typed = term.trim().toLowerCase();
  const shown = typed === '' ? others : others.filter((m) => nameOf(m).toLowerCase().includes(typed));
  const hint = error
    ? T.familyFailed
    : !family
      ? T.familyLoading
      : family.every((m) => m.isHolder)
        ? T.noOtherFamily(props.holder.firstName)
        : others.length === 0
          ? T.everyoneAdded
          : undefined;

  const choose = async (key: string | undefined) => {
    const member = others.find((m) => String(m.key) === key);
    if (!member) return;
    setAdding(true);
    setFailed(false);
    const person = await customerOf(member);
    setAdding(false);
    setTerm('');
    if (!person) return setFailed(true);
    setAddedKeys((keys) => [...keys, member.key]);
    props.onAdd(person);
  };

  return (
    <Field
      label={T.addFamilyMember}
      hint={failed ? undefined : hint}
      validationState={failed ? 'error' : 'none'}
      validationMessage={failed ? T.familyMemberFailed : undefined}
    >
      <Combobox
        freeform
        placeholder={T.searchFamily(props.holder.firstName)}
        value={term}
        disabled={adding || others.length === 0}
        onChange={(event) => setTerm(event.target.value)}
        onOptionSelect={(_event, option) => void choose(option.optionValue)}
      >
        {typed !== '' && shown.length === 0 ? (
          <Option disabled value="" text={T.noFamilyMatch}>
            {T.noFamilyMatch}
          </Option>
        ) : null}
        {shown.map((m) => (
          <Option key={m.key} value={String(m.key)} text={nameOf(m)}>
            {m.isGuarantor ? `${nameOf(m)} (${T.guarantor})` : nameOf(m)}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
