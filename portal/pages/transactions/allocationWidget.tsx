/**
 * The allocation modal the portal hands to the transactions widget (capabilities do not import each
 * other: the page that places both puts one inside the other). Its code loads when it first opens;
 * its family view's patients open the portal's own patient page.
 */
import type { AllocatorProps } from '../../../widgets/ui/allocation.js';
import { portalPatientLink } from '../../../widgets/ui/portalRoutes.js';
import { lazyPart } from '../../../widgets/runtime/lazyPart.js';

const allocation = lazyPart(
  () => import('../../../widgets/allocation/index.js'),
  (module) => module.Allocation,
);

const inPortal = portalPatientLink('');

export function PortalAllocator(props: AllocatorProps) {
  return <allocation.Component {...props} patientLink={inPortal} />;
}
