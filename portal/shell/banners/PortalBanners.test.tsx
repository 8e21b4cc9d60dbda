/**
 * The portal's banners: every banner the SDK and widgets raise, at the top centre, stacked, each
 * closed after 5000 ms or on click; and the loading overlay that follows the SDK's progress events.
 */
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import {
  Dialog,
  DialogBody,
  DialogSurface,
  DialogTitle,
  FluentProvider,
  webLightTheme,
} from '@fluentui/react-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../widgets/ui/testing/domMatchers.js';
import { BANNER_TIMEOUT_MS } from '../../../widgets/runtime/useBanners.js';
import { createPortalSdk } from '../../testing/portalFixtures.js';
import { LoadingOverlay } from '../LoadingOverlay.js';
import { BANNER_STACK_GAP_PX, BANNER_STACK_TOP_PX, PortalBanners } from './PortalBanners.js';

afterEach(() => vi.useRealTimers());

function renderBanners() {
  const fake = createPortalSdk();
  render(
    <FluentProvider theme={webLightTheme}>
      <PortalBanners sdk={fake.sdk} />
      <LoadingOverlay sdk={fake.sdk} />
    </FluentProvider>,
  );
  return fake;
}

describe('the portal banners', () => {
  it('uses the spec’s timings and offsets', () => {
    expect(BANNER_TIMEOUT_MS).toBe(5000);
    expect(BANNER_STACK_TOP_PX).toBe(20);
    expect(BANNER_STACK_GAP_PX).toBe(10);
  });

  it('stacks success and error banners, from any origin, and closes each after 5000 ms', () => {
    vi.useFakeTimers();
    const fake = renderBanners();
    act(() => fake.events.emit('banner', { intent: 'success', title: 'Saved', message: 'Patient updated' }));
    act(() => vi.advanceTimersByTime(2000));
    act(() =>
      fake.events.emit('banner', {
        intent: 'danger',
        message: 'There was an unexpected server error.',
        origin: 'chairside-patient-search-1',
      }),
    );
    const stack = screen.getByRole('region', { name: 'Messages' });
    expect(stack.children).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('SavedPatient updated');
    expect(screen.getByRole('alert')).toHaveTextContent('There was an unexpected server error.');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('region', { name: 'Messages' })).toBeNull();
  });

  it('closes a banner on click', () => {
    const fake = renderBanners();
    act(() => fake.events.emit('banner', { intent: 'success', message: 'Reminder Sent' }));
    fireEvent.click(screen.getByRole('status'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows several messages on separate lines', () => {
    const fake = renderBanners();
    act(() =>
      fake.events.emit('banner', { intent: 'danger', title: 'Validation Errors', message: 'One.\nTwo.' }),
    );
    expect(screen.getByRole('alert').textContent).toContain('One.\nTwo.');
  });
});

describe('the loading overlay', () => {
  it('covers the page while requests that show progress are in flight', () => {
    const fake = renderBanners();
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
    act(() => fake.events.emit('progress', { pending: 1 }));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => fake.events.emit('progress', { pending: 2 }));
    act(() => fake.events.emit('progress', { pending: 1 }));
    expect(screen.getByTestId('loading-overlay')).toBeInTheDocument();
    act(() => fake.events.emit('progress', { pending: 0 }));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('over an open dialog, blocks clicks without dimming it or showing its spinner', () => {
    const fake = renderBanners();
    render(
      <FluentProvider theme={webLightTheme}>
        <Dialog open>
          <DialogSurface aria-label="Membership for Maria Garcia">
            <DialogBody>
              <DialogTitle>Membership for Maria Garcia</DialogTitle>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      </FluentProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Membership for Maria Garcia' })).toBeInTheDocument();
    act(() => fake.events.emit('progress', { pending: 1 }));
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).toHaveAttribute('data-over-dialog', 'true');
    expect(overlay).toHaveAttribute('aria-busy', 'true');
    expect(within(overlay).queryByText('Loading…')).toBeNull();
    act(() => fake.events.emit('progress', { pending: 0 }));
    expect(screen.queryByTestId('loading-overlay')).toBeNull();
  });

  it('without a dialog, dims the page and says it is loading', () => {
    const fake = renderBanners();
    act(() => fake.events.emit('progress', { pending: 1 }));
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay).not.toHaveAttribute('data-over-dialog');
    expect(within(overlay).getByText('Loading…')).toBeInTheDocument();
  });
});
