/**
 * The card provider's frame in an element of ours: loads the provider's script, mounts the frame
 * (on the provider's origin, so no script of this page can read a card number) into `container`,
 * and turns the frame's events into a state and a promise per submission.
 *
 * The frame takes the widget's look from the theme's CSS variables on the container (light or dark);
 * the provider keeps only the values it accepts.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { loadCardProvider, type CardEntry, type CardEntryEventData } from './cardProvider.js';

export type CardEntryStatus = 'loading' | 'ready' | 'failed';

/** What a submission gave: a nonce to store the card with, or the frame's reason for refusing. */
export type NonceOutcome =
  { ok: true; nonce: string } | { ok: false; error: string; fields?: CardEntryEventData['error']['fields'] };

export interface CardEntryFrameOptions {
  /** The element the frame goes into; it needs an id (the provider looks it up by id). */
  container: RefObject<HTMLElement | null>;
  /** The provider's script; null when the SDK has none configured. */
  scriptUrl: string | null;
  /** The practice's ids at the provider; undefined while they load. */
  businessId: string | undefined;
  applicationId: string | undefined;
  /** The frame's height in px. */
  height: number;
  /** Show the frame's ZIP code field. */
  displayZip?: boolean;
  /** The frame's accessible name. */
  title?: string;
}

/** Theme variables → the frame's style options. */
const STYLE_FROM_THEME: Record<string, string> = {
  color: '--colorNeutralForeground1',
  labelColor: '--colorNeutralForeground2',
  backgroundColor: '--colorNeutralBackground1',
  borderColor: '--colorNeutralStroke1',
  focusColor: '--colorCompoundBrandStroke',
  errorColor: '--colorPaletteRedForeground1',
  borderRadius: '--borderRadiusMedium',
  fontSize: '--fontSizeBase300',
};

/** Only plain family names go to the frame: it refuses a list with anything else in it. */
function plainFontFamilies(families: string): string | undefined {
  const plain = families
    .split(',')
    .map((f) => f.trim())
    .filter((f) => /^(['"]?)[A-Za-z0-9 -]+\1$/.test(f));
  return plain.length > 0 ? plain.join(', ') : undefined;
}

function frameStyle(element: HTMLElement): Record<string, string> {
  const computed = getComputedStyle(element);
  const style: Record<string, string> = {};
  for (const [option, variable] of Object.entries(STYLE_FROM_THEME)) {
    const value = computed.getPropertyValue(variable).trim();
    if (value) style[option] = value;
  }
  const fontFamily = plainFontFamilies(computed.getPropertyValue('--fontFamilyBase'));
  if (fontFamily) style.fontFamily = fontFamily;
  return style;
}

export function useCardEntryFrame(options: CardEntryFrameOptions) {
  const { container, scriptUrl, businessId, applicationId, height, displayZip = true, title } = options;
  const [status, setStatus] = useState<CardEntryStatus>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const frame = useRef<CardEntry | null>(null);
  const pending = useRef<((outcome: NonceOutcome) => void) | null>(null);

  const settle = useCallback((outcome: NonceOutcome) => {
    const resolve = pending.current;
    pending.current = null;
    resolve?.(outcome);
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!scriptUrl) {
      setStatus('failed');
      setFailure('No card provider is configured for this Chairside server.');
      return;
    }
    if (!element || !businessId || !applicationId) return;
    let live = true;
    let ready = false;
    let mounted: CardEntry | null = null;
    const fail = (message: string) => {
      if (!live) return;
      setStatus('failed');
      setFailure(message);
    };
    setStatus('loading');
    setFailure(null);
    loadCardProvider(scriptUrl)
      .then((TokenizeJs) => {
        if (!live) return;
        mounted = new TokenizeJs(businessId, applicationId);
        mounted.on('ready', () => {
          ready = true;
          if (live) setStatus('ready');
        });
        mounted.on('nonce', ({ data }) => settle({ ok: true, nonce: data.nonce }));
        mounted.on('error', ({ data }) => {
          // Before 'ready' the frame itself did not start; afterwards it refuses what was typed.
          if (!ready) fail(data.error);
          else settle({ ok: false, error: data.error, fields: data.fields });
        });
        mounted.mount(element.id, element.getRootNode() as Document | ShadowRoot, {
          iFrame: { width: '100%', height, border: '0' },
          style: frameStyle(element),
          displayZip,
          ...(title ? { title } : {}),
        });
        frame.current = mounted;
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
      frame.current = null;
      mounted?.unmount();
      settle({ ok: false, error: 'The card form was closed.' });
    };
  }, [container, scriptUrl, businessId, applicationId, height, displayZip, title, settle]);

  /** Submits the frame's fields; resolves with the nonce, or with the frame's reason for refusing. */
  const requestNonce = useCallback(
    () =>
      new Promise<NonceOutcome>((resolve) => {
        const current = frame.current;
        if (!current) {
          resolve({ ok: false, error: 'The card form is not ready.' });
          return;
        }
        settle({ ok: false, error: 'Submitted again.' });
        pending.current = resolve;
        current.getNonce();
      }),
    [settle],
  );

  return { status, failure, requestNonce };
}
