/**
 * A dialog's surface centred in the window. While a dialog is open on a page that scrolls, Fluent
 * hides the page's scroll bar but keeps its gutter (the page does not shift), and a fixed surface is
 * centred in what is left of the gutter: 15 px further from the right edge than from the left (at
 * 1024 px a 1040 px modal touched the left edge). Its right edge is moved over the gutter, so the
 * surface is centred between the window's edges (the gutter is 100vw less the page's width, or none).
 */
export const centredInWindow = { right: 'calc(100% - 100vw)' } as const;

/**
 * The backdrop over the whole window: fixed at `inset: 0`, it stopped at that gutter, and the page
 * showed undimmed in a strip on the right. Its right edge is moved over the gutter the same way.
 */
export const backdropOverGutter = centredInWindow;
