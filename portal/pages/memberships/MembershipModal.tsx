/**
 * The 'Membership for {name}' modal as the portal's membership lists open it: the membership-billing
 * widget's element, <chairside-membership-billing membership-id>, in the portal's theme. The element
 * reports a change and its closing by DOM events; the lists read themselves again after a change.
 *
 * The element is placed by its tag: the widget is its own capability (widgets/membership-billing),
 * and its element opens the modal wherever it is defined.
 */
import { createElement, useEffect, useRef } from 'react';
import { useTheme } from '../../theme/ThemeContext.js';

export const MEMBERSHIP_BILLING_TAG = 'chairside-membership-billing';

/** The element's events (its definition's names). */
export const MEMBERSHIP_BILLING_EVENTS = {
  changed: 'membership-changed',
  closed: 'membership-closed',
} as const;

export interface MembershipModalProps {
  /** The membership shown; null: no modal. */
  membershipId: number | null;
  onClose: () => void;
  onChanged?: () => void;
}

export function MembershipModal({ membershipId, onClose, onChanged }: MembershipModalProps) {
  const { theme } = useTheme();
  const element = useRef<HTMLElement>(null);

  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const closed = () => onClose();
    const changed = () => onChanged?.();
    host.addEventListener(MEMBERSHIP_BILLING_EVENTS.closed, closed);
    host.addEventListener(MEMBERSHIP_BILLING_EVENTS.changed, changed);
    return () => {
      host.removeEventListener(MEMBERSHIP_BILLING_EVENTS.closed, closed);
      host.removeEventListener(MEMBERSHIP_BILLING_EVENTS.changed, changed);
    };
  }, [membershipId, onClose, onChanged]);

  if (membershipId === null) return null;
  return createElement(MEMBERSHIP_BILLING_TAG, {
    ref: element,
    'membership-id': String(membershipId),
    theme,
  });
}
