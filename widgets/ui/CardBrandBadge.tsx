/**
 * A card brand as a small coloured badge with the brand's name or initials: recognisable at a
 * glance, drawn here (no brand artwork is copied). The colours are the brands' own, not the
 * theme's, which is why they are written out. The badge is one image with the brand's name as its
 * accessible name.
 */
import { CARD_BRAND_NAMES, type CardType } from './cardBrands.js';

interface BadgeLook {
  background: string;
  /** A white badge needs an outline on a white page. */
  outline?: string;
  color: string;
  text: string;
  fontSize: number;
  italic?: boolean;
}

const LOOKS: Record<CardType, BadgeLook> = {
  VISA: { background: '#1a1f71', color: '#ffffff', text: 'VISA', fontSize: 11, italic: true },
  MASTERCARD: { background: '#eb001b', color: '#ffffff', text: 'MC', fontSize: 12 },
  AMERICAN_EXPRESS: { background: '#006fcf', color: '#ffffff', text: 'AMEX', fontSize: 10 },
  DISCOVER: { background: '#ffffff', outline: '#c4c4c4', color: '#e35205', text: 'DISCOVER', fontSize: 6.5 },
  DINERS_CLUB: { background: '#004a97', color: '#ffffff', text: 'DINERS', fontSize: 8 },
  JCB: { background: '#0b7a3e', color: '#ffffff', text: 'JCB', fontSize: 12 },
};

const SIZES = { medium: { width: 40, height: 26 }, small: { width: 32, height: 21 } } as const;

export interface CardBrandBadgeProps {
  cardType: CardType;
  /** @default 'medium' (40 × 26 px) */
  size?: keyof typeof SIZES;
  className?: string;
}

export function CardBrandBadge({ cardType, size = 'medium', className }: CardBrandBadgeProps) {
  const look = LOOKS[cardType];
  const { width, height } = SIZES[size];
  return (
    <svg
      role="img"
      aria-label={CARD_BRAND_NAMES[cardType]}
      data-brand={cardType}
      className={className}
      width={width}
      height={height}
      viewBox="0 0 40 26"
      focusable="false"
      style={{ flexShrink: 0, display: 'block' }}
    >
      <rect
        x="0.5"
        y="0.5"
        width="39"
        height="25"
        rx="3.5"
        fill={look.background}
        stroke={look.outline ?? look.background}
      />
      <text
        x="20"
        y="13.5"
        fill={look.color}
        fontFamily="'Segoe UI', Arial, Helvetica, sans-serif"
        fontSize={look.fontSize}
        fontWeight={800}
        fontStyle={look.italic ? 'italic' : 'normal'}
        textAnchor="middle"
        dominantBaseline="central"
        letterSpacing={look.text.length > 4 ? 0 : 0.5}
      >
        {look.text}
      </text>
    </svg>
  );
}
