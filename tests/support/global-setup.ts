import { ensureTemplate } from './template-db.js';

export default async function setup() {
  await ensureTemplate();
}
