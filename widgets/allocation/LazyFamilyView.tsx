/**
 * The family view (its Guarantor pill and links) shows only with Family on: its code follows as soon
 * as the modal is on screen, before anyone can turn Family on; until it is here, "Loading…".
 */
import { Text } from '@fluentui/react-components';
import { useEffect } from 'react';
import { lazyPart } from '../runtime/lazyPart.js';
import { SCREEN_TEXT as T } from './texts.js';

const familyPart = lazyPart(
  () => import('./FamilyView.js'),
  (module) => module.FamilyView,
  <Text>{T.loading}</Text>,
);

export const LazyFamilyView = familyPart.Component;

/** Asks for the family view's code once the modal is on screen. */
export function usePrefetchFamilyView() {
  useEffect(() => familyPart.prefetch(), []);
}
