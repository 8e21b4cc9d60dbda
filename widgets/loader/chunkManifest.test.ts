import { describe, expect, it } from 'vitest';
import { chunkFiles, encodeChunkManifest } from './chunkManifest.js';

const deps = {
  'chairside-a': ['Ab12_x.js', 'k-9QzZ.js'],
  'chairside-b': ['Ab12_x.js', 'Q0q0q0.js', 'z1.js', 'y2.js', 'x3.js', 'w4.js', 'v5.js'],
  'chairside-c': [],
};

describe('the chunk manifest embed.js carries', () => {
  it('gives back each widget its own chunks, past the first five and with none', () => {
    const manifest = encodeChunkManifest(deps);
    for (const [tag, files] of Object.entries(deps)) {
      expect(chunkFiles(manifest, tag).sort()).toEqual([...files].sort());
    }
    expect(chunkFiles(manifest, 'chairside-unknown')).toEqual([]);
  });

  it('names each chunk once, without .js', () => {
    const manifest = encodeChunkManifest(deps);
    expect(manifest.chunks.split(',')).toHaveLength(8);
    expect(manifest.chunks).not.toContain('.js');
    expect(manifest.imports['chairside-c']).toBe('');
  });

  it('refuses a file that is not a shared chunk', () => {
    expect(() => encodeChunkManifest({ 'chairside-a': ['../sdk.js'] })).toThrow(/not a shared chunk/);
  });
});
