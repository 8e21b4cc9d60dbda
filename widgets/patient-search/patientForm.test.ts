import { describe, expect, it } from 'vitest';
import { fieldsOf, formValuesOf, patientFormSchema } from './patientForm.js';

const valid = { clinicNum: '2', firstName: 'Ana', lastName: 'Ruiz', email: '', cell: '' };
const messages = (values: object) =>
  patientFormSchema.safeParse({ ...valid, ...values }).error?.issues.map((i) => [i.path[0], i.message]) ?? [];

describe('patientFormSchema', () => {
  it('accepts names alone', () => {
    expect(messages({})).toEqual([]);
  });

  it.each([
    [{ firstName: ' ' }, [['firstName', 'The first name is required.']]],
    [{ lastName: '' }, [['lastName', 'The last name is required.']]],
    [
      { email: 'ana@' },
      [
        [
          'email',
          'The email is not a valid e-mail address.  For multiple e-mail addresses seperate by comma.',
        ],
      ],
    ],
    [{ cell: '555-01' }, [['cell', 'The mobile phone is not a valid phone number.']]],
  ])('%j → %j', (values, expected) => {
    expect(messages(values)).toEqual(expected);
  });

  it.each(['ana@example.com', 'ana@example.com, ruiz@example.org'])('accepts the e-mail %j', (email) => {
    expect(messages({ email })).toEqual([]);
  });

  it.each(['5125550142', '512-555-0142', '512.555.0142', '(512) 555-0142', '+1 512 555 0142'])(
    'accepts the mobile %j',
    (cell) => {
      expect(messages({ cell })).toEqual([]);
    },
  );
});

describe('formValuesOf / fieldsOf', () => {
  it('shows a stored phone in the spec’s display format', () => {
    expect(formValuesOf({ firstName: 'Ana', lastName: '', email: '', cell: '5125550142' }).cell).toBe(
      '(512) 555-0142',
    );
  });

  it('trims what it sends and sends the clinic only when asked', () => {
    const values = { clinicNum: '3', firstName: ' Ana ', lastName: 'Ruiz ', email: ' a@b.co ', cell: '' };
    expect(fieldsOf(values, true)).toEqual({
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'a@b.co',
      cell: '',
      clinicNum: 3,
    });
    expect(fieldsOf(values, false)).not.toHaveProperty('clinicNum');
  });
});
