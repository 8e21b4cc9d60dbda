/**
 * The card provider's frame in an element of ours: loads the provider's script, mounts the frame
 * (on the provider's origin, so no script of this page can read a card number) into `container`,
 * and turns the frame's events into a state and a promise per submission.
 *
 * The frame takes the widget's look from the theme's CSS variables on the container (light or dark);
 * the provider keeps only the values it accepts.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { CardEntry, CardEntryEventData } from './cardProvider.js';
import {
  declareFrame,
  FRAME_ATTRIBUTE,
  startFrame,
  takeStartedFrame,
  type FrameSpec,
  type StartedFrame,
} from './frameStart.js';

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

/** The frame's element: React leaves its children (the frame) alone, from hydration on. */
const NO_CHILDREN = { __html: '' };

export function useCardEntryFrame(options: CardEntryFrameOptions) {
  const { container, scriptUrl, businessId, applicationId, height, displayZip = true, title } = options;
  const [status, setStatus] = useState<CardEntryStatus>('loading');
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef<CardEntry | null>(null);
  const pending = useRef<((outcome: NonceOutcome) => void) | null>(null);

  const settle = useCallback((outcome: NonceOutcome) => {
    const resolve = pending.current;
    pending.current = null;
    resolve?.(outcome);
  }, []);

  const spec: FrameSpec | null =
    scriptUrl && businessId && applicationId
      ? { scriptUrl, businessId, applicationId, height, displayZip, ...(title ? { title } : {}) }
      : null;
  const declared = spec ? declareFrame(spec) : null;

  useEffect(() => {
    const element = container.current;
    if (!scriptUrl) {
      setStatus('failed');
      setFailure('No card provider is configured for this Chairside server.');
      return;
    }
    if (!element || !declared) return;
    const spec = JSON.parse(declared) as FrameSpec;
    let live = true;
    let started: StartedFrame | null = null;
    const fail = (message: string) => {
      if (!live) return;
      setStatus('failed');
      setFailure(message);
    };
    setStatus('loading');
    setFailure(null);
    // The frame the page's HTML started already (frameStart.ts), or a new one.
    (takeStartedFrame(element, spec) ?? startFrame(element, spec))
      .then((frame) => {
        if (!live) {
          frame.frame.unmount();
          return;
        }
        started = frame;
        frame.listen({
          ready: () => live && setStatus('ready'),
          nonce: ({ nonce }) => settle({ ok: true, nonce }),
          // Before 'ready' the frame itself did not start; afterwards it refuses what was typed.
          error: (data) =>
            frame.ready ? settle({ ok: false, error: data.error, fields: data.fields }) : fail(data.error),
        });
        if (frame.ready) setStatus('ready');
        else if (frame.failure) fail(frame.failure);
        current.current = frame.frame;
      })
      .catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
    return () => {
      live = false;
      current.current = null;
      started?.listen(null);
      started?.frame.unmount();
      settle({ ok: false, error: 'The card form was closed.' });
    };
  }, [container, scriptUrl, declared, settle]);

  /** Submits the frame's fields; resolves with the nonce, or with the frame's reason for refusing. */
  const requestNonce = useCallback(
    () =>
      new Promise<NonceOutcome>((resolve) => {
        const frame = current.current;
        if (!frame) {
          resolve({ ok: false, error: 'The card form is not ready.' });
          return;
        }
        settle({ ok: false, error: 'Submitted again.' });
        pending.current = resolve;
        frame.getNonce();
      }),
    [settle],
  );

  /** For the frame's element: the frame it declares (a server-rendered page starts it early). */
  const frameProps = {
    ...(declared ? { [FRAME_ATTRIBUTE]: declared } : {}),
    dangerouslySetInnerHTML: NO_CHILDREN,
  };

  return { status, failure, requestNonce, frameProps };
}
