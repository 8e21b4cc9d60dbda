/**
 * The sandbox's stand-in for pictures in the practice system: about a third of patients have one
 * (a simple illustrated portrait); the rest have none, and the widget falls back to initials.
 */
import { escapeHtml } from '../html.js';

export function hasAvatar(patNum: number): boolean {
  return patNum % 3 === 0;
}

const BACKGROUNDS = ['#cfe4fa', '#f9e0c7', '#d6ead6', '#ebd9f2', '#f6d5d8', '#d2eeee'];
const SKIN = ['#f1c7a5', '#d9a066', '#a86b3c', '#7a4a2a', '#f5d6bf'];
const HAIR = ['#2b1b12', '#5a3a22', '#a36b2e', '#d8b36a', '#777777', '#111111'];

export function avatarSvg(p: { patNum: number; firstName: string; lastName: string }): string {
  const pick = <T>(list: T[], salt: number) => list[(p.patNum * 7 + salt) % list.length]!;
  const bg = pick(BACKGROUNDS, 1);
  const skin = pick(SKIN, 3);
  const hair = pick(HAIR, 5);
  const name = escapeHtml(`${p.firstName} ${p.lastName}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96" role="img" aria-label="${name}">
<rect width="96" height="96" fill="${bg}"/>
<path d="M14 96c2-20 16-30 34-30s32 10 34 30z" fill="${pick(BACKGROUNDS, 4)}" stroke="#00000022"/>
<rect x="40" y="56" width="16" height="14" rx="6" fill="${skin}"/>
<ellipse cx="48" cy="42" rx="18" ry="21" fill="${skin}"/>
<path d="M29 40c0-16 9-24 19-24s19 8 19 24c-4-8-11-11-19-11s-15 3-19 11z" fill="${hair}"/>
<circle cx="41" cy="44" r="2" fill="#2b2b2b"/><circle cx="55" cy="44" r="2" fill="#2b2b2b"/>
<path d="M42 53c4 3 8 3 12 0" stroke="#8a4b3a" stroke-width="2" fill="none" stroke-linecap="round"/>
</svg>`;
}
