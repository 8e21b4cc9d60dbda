/**
 * @chairside/react's factory, in the DOM: the element with its attributes, the `on<Event>` handlers
 * (the latest one, once each under strict mode), listeners gone after unmount, nothing on the server.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createComponent } from './createComponent.js';

const PatientSearch = createComponent('chairside-patient-search', 'PatientSearch', [
  'patient-selected',
  'patient-saved',
]);

const selected = (key: number) =>
  new CustomEvent('patient-selected', { detail: { key, firstName: 'Ada' }, bubbles: true, composed: true });

function element(container: HTMLElement) {
  const found = container.querySelector('chairside-patient-search');
  if (!found) throw new Error('no element');
  return found;
}

describe('createComponent', () => {
  it('renders the element with its attributes in kebab case, and leaves out what is undefined', () => {
    const { container } = render(
      <PatientSearch term="1001" clinicNum="2" allowAdd="false" noSchedule={undefined} className="wide" />,
    );
    const el = element(container);
    expect(el.getAttribute('term')).toBe('1001');
    expect(el.getAttribute('clinic-num')).toBe('2');
    expect(el.getAttribute('allow-add')).toBe('false');
    expect(el.hasAttribute('no-schedule')).toBe(false);
    expect(el.getAttribute('class')).toBe('wide');
    expect(el.hasAttribute('onpatient-selected')).toBe(false);
    expect(PatientSearch.displayName).toBe('PatientSearch');
  });

  it('calls the latest handler, once per event, under strict mode', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { container, rerender } = render(
      <StrictMode>
        <PatientSearch onPatientSelected={first} />
      </StrictMode>,
    );
    element(container).dispatchEvent(selected(1));
    expect(first).toHaveBeenCalledTimes(1);
    expect((first.mock.calls[0]![0] as CustomEvent<{ key: number }>).detail.key).toBe(1);

    rerender(
      <StrictMode>
        <PatientSearch onPatientSelected={second} />
      </StrictMode>,
    );
    element(container).dispatchEvent(selected(2));
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
    // An event the component has no handler for is ignored.
    element(container).dispatchEvent(new CustomEvent('patient-saved', { detail: {} }));
  });

  it('removes its listeners when unmounted', () => {
    const onSelected = vi.fn();
    const { container, unmount } = render(<PatientSearch onPatientSelected={onSelected} />);
    const el = element(container);
    const removed = vi.spyOn(el, 'removeEventListener');
    unmount();
    expect(removed.mock.calls.map(([type]) => type).sort()).toEqual(['patient-saved', 'patient-selected']);
    el.dispatchEvent(selected(3));
    expect(onSelected).not.toHaveBeenCalled();
  });

  it('renders nothing on the server, without an error', () => {
    expect(renderToString(<PatientSearch term="1001" onPatientSelected={() => undefined} />)).toBe('');
  });
});
