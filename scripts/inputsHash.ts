/**
 * What a build's `--if-changed` compares: one hash of every file under its inputs (folders walked in
 * name order), tests and node_modules left out. The front end's build and the server's each keep the
 * hash of their last build in a stamp file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function inputsHash(root: string, inputs: readonly string[]): string {
  const hash = createHash('sha256');
  const visit = (p: string) => {
    const full = path.join(root, p);
    if (!fs.existsSync(full)) return;
    if (fs.statSync(full).isDirectory()) {
      for (const name of fs.readdirSync(full).sort()) {
        if (name === 'node_modules' || /\.test\.tsx?$/.test(name)) continue;
        visit(path.join(p, name));
      }
    } else {
      hash.update(p).update(fs.readFileSync(full));
    }
  };
  inputs.forEach(visit);
  return hash.digest('hex');
}
