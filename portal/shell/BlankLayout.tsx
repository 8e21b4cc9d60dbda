/**
 * The blank shell (spec part 1, section 2): no sidebar and no top bar tools, for the terms of
 * service, the error and not-found pages and the public payment page. Its frame is BlankFrame.tsx.
 */
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { BlankFrame } from './BlankFrame.js';

export function BlankLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return <BlankFrame boundaryKey={pathname}>{children ?? <Outlet />}</BlankFrame>;
}
