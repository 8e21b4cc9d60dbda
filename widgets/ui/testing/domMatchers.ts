/**
 * The few DOM assertions component tests read best with (as @testing-library/jest-dom names them),
 * without adding that package: import this file once in a test file.
 */
import { afterEach, expect } from 'vitest';
import { cleanup } from '@testing-library/react';

interface DomMatchers<R = unknown> {
  toBeInTheDocument(): R;
  toHaveAttribute(name: string, value?: string): R;
  toHaveValue(value: string): R;
  toHaveTextContent(text: string): R;
  toHaveFocus(): R;
  toContainElement(element: Element | null): R;
  toBeVisible(): R;
  toBeChecked(): R;
  toBeDisabled(): R;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Assertion<T> extends DomMatchers<T> {}
}

const describeElement = (el: unknown) =>
  el instanceof Element ? `<${el.tagName.toLowerCase()}${el.id ? ` id="${el.id}"` : ''}>` : String(el);

/** The element, or the shadow host chain's, active element. */
function deepActiveElement(): Element | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

expect.extend({
  toBeInTheDocument(received: unknown) {
    const pass = received instanceof Node && received.isConnected;
    return {
      pass,
      message: () => `expected ${describeElement(received)} ${pass ? 'not ' : ''}to be in the document`,
    };
  },
  toHaveAttribute(received: Element, name: string, value?: string) {
    const actual = received.getAttribute(name);
    const pass = value === undefined ? actual !== null : actual === value;
    return {
      pass,
      message: () =>
        `expected ${describeElement(received)} ${pass ? 'not ' : ''}to have ${name}${value === undefined ? '' : `="${value}"`} (it has ${actual === null ? 'none' : `"${actual}"`})`,
    };
  },
  toHaveValue(received: HTMLInputElement | HTMLSelectElement, value: string) {
    const pass = received.value === value;
    return {
      pass,
      message: () => `expected the value ${pass ? 'not ' : ''}to be "${value}" (it is "${received.value}")`,
    };
  },
  toHaveTextContent(received: Element, text: string) {
    const content = (received.textContent ?? '').replace(/\s+/g, ' ');
    const pass = content.includes(text);
    return { pass, message: () => `expected "${content}" ${pass ? 'not ' : ''}to contain "${text}"` };
  },
  toHaveFocus(received: Element) {
    const active = deepActiveElement();
    const pass = active === received;
    return {
      pass,
      message: () =>
        `expected ${describeElement(received)} ${pass ? 'not ' : ''}to have the focus (${describeElement(active)} has)`,
    };
  },
  toContainElement(received: Element, element: Element | null) {
    const pass = !!element && received.contains(element);
    return {
      pass,
      message: () =>
        `expected ${describeElement(received)} ${pass ? 'not ' : ''}to contain ${describeElement(element)}`,
    };
  },
  toBeVisible(received: Element) {
    let pass = received.isConnected;
    for (let el: Element | null = received; el && pass; el = el.parentElement) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || el.hasAttribute('hidden'))
        pass = false;
    }
    return {
      pass,
      message: () => `expected ${describeElement(received)} ${pass ? 'not ' : ''}to be visible`,
    };
  },
  toBeChecked(received: HTMLInputElement) {
    const pass = received.checked === true;
    return {
      pass,
      message: () => `expected ${describeElement(received)} ${pass ? 'not ' : ''}to be checked`,
    };
  },
  toBeDisabled(received: HTMLElement) {
    const pass = received.matches(':disabled') || received.getAttribute('aria-disabled') === 'true';
    return {
      pass,
      message: () => `expected ${describeElement(received)} ${pass ? 'not ' : ''}to be disabled`,
    };
  },
});

// Vitest runs without globals here, so Testing Library cannot unmount between tests by itself.
afterEach(cleanup);
