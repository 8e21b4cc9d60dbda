import { describe, expect, it } from 'vitest';
import { widgetDefinitions } from '../definitions.js';
import { earlyRequests } from './earlyRequests.js';

describe('earlyRequests (what embed.js knows of a widget besides its chunk)', () => {
  const early = earlyRequests(widgetDefinitions);

  it('gives the patient search its prefetches, and its first view every attribute it is rendered from', () => {
    expect(early['chairside-patient-search']).toEqual({
      prefetch: widgetDefinitions.find((d) => d.tag === 'chairside-patient-search')!.prefetch,
      firstView: {
        requires: ['term'],
        attributes: ['theme', 'term', 'clinic-num', 'allow-add', 'no-schedule'],
      },
    });
  });

  it('lists no widget that starts nothing early, so embed.js carries no attribute of theirs', () => {
    const starting = widgetDefinitions.filter((d) => d.prefetch || d.firstView).map((d) => d.tag);
    expect(Object.keys(early)).toEqual(starting);
    expect(early['chairside-stored-cards']).toBeUndefined();
  });
});
