/** A lazy screen that never arrives shows a load error after the spec's 120 s, inside the page. */
import { act, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../widgets/ui/testing/domMatchers.js';
import { LAZY_SCREEN_TIMEOUT_MS, lazyWithTimeout } from './lazyWithTimeout.js';
import { ScreenBoundary } from './ScreenBoundary.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a lazy screen', () => {
  it('shows a spinner while loading, and a load error with Reload after 120 s', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Stalled = lazyWithTimeout(() => new Promise<never>(() => undefined));
    render(
      <FluentProvider theme={webLightTheme}>
        <ScreenBoundary>
          <Stalled />
        </ScreenBoundary>
      </FluentProvider>,
    );
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1000));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(screen.getByRole('alert')).toHaveTextContent('This screen took too long to load');
    expect(screen.getByRole('alert')).toHaveTextContent('The screen did not load within 120 seconds.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('shows the screen when it arrives in time', async () => {
    vi.useFakeTimers();
    const Screen = lazyWithTimeout(
      () =>
        new Promise<{ default: () => React.ReactElement }>((resolve) =>
          setTimeout(() => resolve({ default: () => <h1>Reports</h1> }), 2000),
        ),
    );
    render(
      <FluentProvider theme={webLightTheme}>
        <ScreenBoundary>
          <Screen />
        </ScreenBoundary>
      </FluentProvider>,
    );
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
  });
});
