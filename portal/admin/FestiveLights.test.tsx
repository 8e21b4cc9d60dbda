/** The light string with a fixed clock: absent on this project's today (21 November), there in December. */
import { render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { FestiveLights } from './FestiveLights.js';

afterEach(() => vi.useRealTimers());

function renderAt(date: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(date);
  return render(
    <FluentProvider theme={webLightTheme}>
      <FestiveLights />
    </FluentProvider>,
  );
}

describe('the festive light string', () => {
  it('is not shown on 21 November 2026 (34 days before Christmas)', () => {
    renderAt(new Date(2026, 10, 21, 10));
    expect(screen.queryByTestId('festive-lights')).toBeNull();
  });

  it('is not shown on 23 November, one day outside the window', () => {
    renderAt(new Date(2026, 10, 23, 18));
    expect(screen.queryByTestId('festive-lights')).toBeNull();
  });

  it('is shown from 24 November, decorative and hidden from assistive technology', () => {
    renderAt(new Date(2026, 10, 24, 8));
    const lights = screen.getByTestId('festive-lights');
    expect(lights).toHaveAttribute('aria-hidden', 'true');
    expect(lights.querySelectorAll('ellipse').length).toBeGreaterThan(10);
  });

  it('is shown on Christmas Day', () => {
    renderAt(new Date(2026, 11, 25, 9));
    expect(screen.getByTestId('festive-lights')).toBeInTheDocument();
  });

  it('is gone on 26 December', () => {
    renderAt(new Date(2026, 11, 26, 9));
    expect(screen.queryByTestId('festive-lights')).toBeNull();
  });
});
