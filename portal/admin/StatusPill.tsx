/** A record's state as the admin screens show it: a tinted pill of its words and colour. */
import { Badge, type BadgeProps } from '@fluentui/react-components';

export interface Pill {
  text: string;
  color: NonNullable<BadgeProps['color']>;
}

export function StatusPill({ pill }: { pill: Pill }) {
  return (
    <Badge appearance="tint" color={pill.color}>
      {pill.text}
    </Badge>
  );
}
