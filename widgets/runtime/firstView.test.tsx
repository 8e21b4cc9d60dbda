/**
 * The hand-over from a server-rendered first view to the widget's own tree: the container takes
 * the first view's place, and what the person did meanwhile carries over.
 */
import { act, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import type { EarlyView } from './element.js';
import { handOver } from './firstView.js';

const MARKUP = `<div class="chairside-root"><div><input value="okafor"><ul>
  <li role="option"><span>Chidi</span></li><li role="option"><span>Grace</span></li></ul></div></div>`;

function Widget({ onTerm, onChoose }: { onTerm: (v: string) => void; onChoose: (name: string) => void }) {
  const [term, setTerm] = useState('okafor');
  return (
    <div>
      <input
        value={term}
        onChange={(e) => {
          setTerm(e.target.value);
          onTerm(e.target.value);
        }}
      />
      <ul>
        {['Chidi', 'Grace'].map((name) => (
          <li key={name} role="option" onClick={() => onChoose(name)}>
            <span>{name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

async function setUp() {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  shadow.innerHTML = `<div class="chairside-first-view"><style></style>${MARKUP}</div>`;
  let clicked: Element | null = null;
  const view: EarlyView = { element: shadow.firstElementChild as HTMLElement, lastClick: () => clicked };
  const onTerm = vi.fn();
  const onChoose = vi.fn();
  const container = document.createElement('div');
  container.className = 'chairside-root';
  const root = createRoot(container);
  await act(async () => root.render(<Widget onTerm={onTerm} onChoose={onChoose} />));
  return { shadow, view, container, onTerm, onChoose, click: (el: Element) => (clicked = el) };
}

describe('handOver', () => {
  it('puts the widget where the first view was', async () => {
    const { shadow, view, container, onTerm, onChoose } = await setUp();
    await act(async () => handOver(view, container));
    expect(shadow.querySelector('.chairside-first-view')).toBeNull();
    expect(shadow.firstElementChild).toBe(container);
    expect(onTerm).not.toHaveBeenCalled();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('carries typed text (as typing: the widget hears it), the focus and the caret', async () => {
    const { shadow, view, container, onTerm } = await setUp();
    const early = view.element.querySelector('input')!;
    early.focus();
    early.value = 'okaf';
    early.setSelectionRange(2, 2);
    await act(async () => handOver(view, container));
    const input = container.querySelector('input')!;
    expect(onTerm).toHaveBeenCalledWith('okaf');
    expect(input.value).toBe('okaf');
    expect(shadow.activeElement).toBe(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);
  });

  it('replays the last click on the same element of the widget', async () => {
    const { view, container, onChoose, click } = await setUp();
    click(view.element.querySelectorAll('li span')[1]!); // on Grace's name, inside her option
    await act(async () => handOver(view, container));
    expect(onChoose).toHaveBeenCalledWith('Grace');
  });

  it('replays nothing where the two trees differ', async () => {
    const { view, container, onChoose, click } = await setUp();
    container.querySelector('ul')!.remove(); // (not rendered by React, but enough to differ)
    click(view.element.querySelectorAll('li')[0]!);
    await act(async () => handOver(view, container));
    expect(onChoose).not.toHaveBeenCalled();
  });
});
