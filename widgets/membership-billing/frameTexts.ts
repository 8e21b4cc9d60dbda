/**
 * The modal frame's words: its own module, so the element's first chunk (the frame and its spinner)
 * does not carry the body's words and the membership rules they come with. texts.ts spreads them
 * into TEXT.
 */
export const FRAME_TEXT = {
  title: (name: string) => `Membership for ${name}`,
  close: 'Close',
  loading: 'Loading the membership…',
  failed: 'The membership could not be loaded.',
  tryAgain: 'Try again',
} as const;
