/**
 * The patient box of New Payment Plan and New Payment Request: it searches once typing settles,
 * says when nothing matches, gives the chosen patient's id, and typing again clears the choice.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useState } from 'react';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { SdkContext } from '../runtime/SdkContext.js';
import { PatientCombobox } from './PatientCombobox.js';
import './testing/domMatchers.js';
import { createFakeSdk, ok } from './testing/fakeSdk.js';

const PATIENTS = [
  { id: 11, firstName: 'Maria', lastName: 'Garcia', email: 'maria.garcia@example.com' },
  { id: 12, firstName: 'Mark', lastName: 'Lee', email: null },
];

function setUp() {
  const fake = createFakeSdk({
    '/api/customer/searchCustomer': (call) => {
      const name = String((call.query as { name: string }).name).toLowerCase();
      return ok(PATIENTS.filter((p) => p.firstName.toLowerCase().startsWith(name)));
    },
  });
  const chosen: (number | null)[] = [];
  function Form() {
    const [value, setValue] = useState<number | null>(null);
    return (
      <PatientCombobox
        value={value}
        onChange={(id) => {
          chosen.push(id);
          setValue(id);
        }}
      />
    );
  }
  render(
    <FluentProvider theme={webLightTheme}>
      <SdkContext.Provider value={fake.sdk}>
        <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
          <Form />
        </SWRConfig>
      </SdkContext.Provider>
    </FluentProvider>,
  );
  return { fake, chosen, box: screen.getByRole('combobox', { name: /Patient/ }) };
}

describe('PatientCombobox', () => {
  it('searches once typing has settled, and lists the matches with their e-mail', async () => {
    const { fake, box } = setUp();
    const user = userEvent.setup();
    await user.type(box, 'Mar');
    // Typed within 300 ms: no search yet.
    expect(fake.callsTo('/api/customer/searchCustomer')).toHaveLength(0);
    const listbox = await screen.findByRole('listbox');
    expect(
      await within(listbox).findByRole('option', { name: 'Maria Garcia (maria.garcia@example.com)' }),
    ).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Mark Lee' })).toBeInTheDocument();
    expect(fake.callsTo('/api/customer/searchCustomer').map((c) => c.query)).toEqual([{ name: 'Mar' }]);
  });

  it('says when no patient matches', async () => {
    const { box } = setUp();
    await userEvent.setup().type(box, 'Zed');
    expect(await screen.findByRole('option', { name: 'No patients match.' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('gives the chosen patient’s id, shows their name, and typing again clears the choice', async () => {
    const { fake, chosen, box } = setUp();
    const user = userEvent.setup();
    await user.type(box, 'Mar');
    await user.click(await screen.findByRole('option', { name: /Maria Garcia/ }));
    expect(chosen).toEqual([11]);
    expect(box).toHaveValue('Maria Garcia');
    // The name in the box is not a search.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fake.callsTo('/api/customer/searchCustomer')).toHaveLength(1);

    await user.type(box, '{Backspace}');
    await waitFor(() => expect(chosen).toEqual([11, null]));
    expect(box).toHaveValue('Maria Garci');
  });
});
