/**
 * A stand-in for the card provider's script in component tests: `window.TokenizeJs` with the real
 * script's shape. Mounting puts an (empty) iframe where the real frame would go and says 'ready';
 * a submission answers as the test decides: a nonce, or the frame's refusal.
 */
import type {
  CardEntry,
  CardEntryEventData,
  CardEntryEventName,
  CardEntryMountOptions,
} from '../card-entry/cardProvider.js';

export type FrameAnswer =
  | { nonce: string }
  | { error: string; fields?: CardEntryEventData['error']['fields'] }
  /** Never answers (a submission still in the frame). */
  | 'silent';

export interface FakeFrame {
  businessId: string;
  applicationId: string;
  mounted: { elementId: string; options: CardEntryMountOptions | undefined } | null;
  submissions: number;
  emit<K extends CardEntryEventName>(type: K, data: CardEntryEventData[K]): void;
}

export function installFakeCardProvider(options: { answer?: FrameAnswer; autoReady?: boolean } = {}) {
  const frames: FakeFrame[] = [];
  const state = { answer: options.answer ?? ({ nonce: 'nonce-1' } as FrameAnswer) };

  function TokenizeJs(businessId: string, applicationId: string): CardEntry {
    const handlers = new Map<string, ((event: { type: string; data: unknown }) => void)[]>();
    let iframe: HTMLIFrameElement | null = null;
    const frame: FakeFrame = {
      businessId,
      applicationId,
      mounted: null,
      submissions: 0,
      emit(type, data) {
        for (const handler of handlers.get(type) ?? []) handler({ type, data });
      },
    };
    frames.push(frame);
    return {
      mount(elementId, root, mountOptions) {
        const container = root.getElementById(elementId);
        if (!container) throw new Error(`TokenizeJs.mount: no element with id "${elementId}".`);
        iframe = document.createElement('iframe');
        iframe.title = mountOptions?.title ?? 'Card details';
        container.append(iframe);
        frame.mounted = { elementId, options: mountOptions };
        if (options.autoReady !== false) queueMicrotask(() => frame.emit('ready', {}));
      },
      unmount() {
        iframe?.remove();
        frame.mounted = null;
      },
      getNonce() {
        frame.submissions++;
        const answer = state.answer;
        if (answer === 'silent') return;
        queueMicrotask(() => ('nonce' in answer ? frame.emit('nonce', answer) : frame.emit('error', answer)));
      },
      on(event, handler) {
        const list = handlers.get(event) ?? [];
        list.push(handler as never);
        handlers.set(event, list);
        return () => list.splice(list.indexOf(handler as never), 1);
      },
    };
  }

  window.TokenizeJs = TokenizeJs as unknown as Window['TokenizeJs'];
  return {
    frames,
    /** How the next submissions answer. */
    answerWith(answer: FrameAnswer) {
      state.answer = answer;
    },
    uninstall() {
      delete window.TokenizeJs;
    },
  };
}
