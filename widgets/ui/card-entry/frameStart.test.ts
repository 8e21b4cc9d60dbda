/**
 * A frame the server-rendered page starts before its code (frameStart.ts): the element declares it,
 * startDeclaredFrames mounts it, and the page's hook takes that one frame over, with what it said
 * meanwhile; a declaration the page no longer asks for is unmounted, never taken.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CardEntry, TokenizeJs } from './cardProvider.js';
import {
  declareFrame,
  FRAME_ATTRIBUTE,
  startDeclaredFrames,
  takeStartedFrame,
  type FrameSpec,
} from './frameStart.js';

type Handler = (event: { data: unknown }) => void;

/** A provider whose frames record what they were given and can be made to speak. */
function fakeProvider() {
  const frames: {
    ids: [string, string];
    mountedIn: string;
    handlers: Map<string, Handler>;
    unmounted: boolean;
  }[] = [];
  const Fake = function (this: CardEntry, businessId: string, applicationId: string) {
    const record = {
      ids: [businessId, applicationId] as [string, string],
      mountedIn: '',
      handlers: new Map<string, Handler>(),
      unmounted: false,
    };
    frames.push(record);
    Object.assign(this, {
      mount: (id: string) => (record.mountedIn = id),
      unmount: () => (record.unmounted = true),
      getNonce: vi.fn(),
      on: (name: string, handler: Handler) => void record.handlers.set(name, handler),
    });
  } as unknown as TokenizeJs;
  return { Fake, frames };
}

const spec = (applicationId = 'app_1'): FrameSpec => ({
  scriptUrl: 'https://cards.test/tokenize.js',
  businessId: 'biz_1',
  applicationId,
  height: 155,
  displayZip: true,
  title: 'Card details',
});

function declared(id: string, frame: FrameSpec): HTMLElement {
  const element = document.createElement('div');
  element.id = id;
  element.setAttribute(FRAME_ATTRIBUTE, declareFrame(frame));
  document.body.append(element);
  return element;
}

afterEach(() => {
  delete window.TokenizeJs;
  document.body.innerHTML = '';
});

describe('a frame started before the page’s code', () => {
  it('is mounted at once, and taken over once with its ready state', async () => {
    const { Fake, frames } = fakeProvider();
    window.TokenizeJs = Fake;
    const element = declared('frame-a', spec());
    startDeclaredFrames(document);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(frames[0]).toMatchObject({ ids: ['biz_1', 'app_1'], mountedIn: 'frame-a' });
    frames[0]!.handlers.get('ready')!({ data: {} });

    const taken = await takeStartedFrame(element, spec());
    expect(taken?.ready).toBe(true);
    const nonce = vi.fn();
    taken!.listen({ ready: vi.fn(), nonce, error: vi.fn() });
    frames[0]!.handlers.get('nonce')!({ data: { nonce: 'n-1' } });
    expect(nonce).toHaveBeenCalledWith({ nonce: 'n-1' });
    // Once: a second take finds nothing, and no second frame was made.
    expect(takeStartedFrame(element, spec())).toBeNull();
    expect(frames).toHaveLength(1);
  });

  it('keeps a failure to start for the hook to show', async () => {
    const { Fake, frames } = fakeProvider();
    window.TokenizeJs = Fake;
    const element = declared('frame-b', spec());
    startDeclaredFrames(document);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    frames[0]!.handlers.get('error')!({ data: { error: 'Unknown business.' } });
    expect((await takeStartedFrame(element, spec()))?.failure).toBe('Unknown business.');
  });

  it('is unmounted, not taken, when the page asks for another frame', async () => {
    const { Fake, frames } = fakeProvider();
    window.TokenizeJs = Fake;
    const element = declared('frame-c', spec('app_1'));
    startDeclaredFrames(document);
    await vi.waitFor(() => expect(frames).toHaveLength(1));
    expect(takeStartedFrame(element, spec('app_2'))).toBeNull();
    await vi.waitFor(() => expect(frames[0]!.unmounted).toBe(true));
  });
});
