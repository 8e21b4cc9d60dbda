/** The frame's words, per locale. English is the default; Spanish for patients who prefer it. */
import type { CardField, FieldProblem } from './browser/card-fields.js';

export type FrameLocale = 'en' | 'es';

export interface FrameText {
  title: string;
  labels: Record<CardField, string>;
  placeholders: Record<CardField, string>;
  /** Per field and problem; `cvc` messages take the expected length as {n}. */
  messages: Record<CardField, Partial<Record<FieldProblem, string>>>;
  /** When the provider cannot be reached. */
  unavailable: string;
}

export const FRAME_TEXT: Record<FrameLocale, FrameText> = {
  en: {
    title: 'Card details',
    labels: { cardNumber: 'Card number', expiry: 'Expiration', cvc: 'Security code', zip: 'ZIP code' },
    placeholders: { cardNumber: '1234 1234 1234 1234', expiry: 'MM/YY', cvc: '123', zip: '12345' },
    messages: {
      cardNumber: {
        required: 'Enter the card number.',
        invalid: 'Enter a valid card number.',
        unsupported: 'This card type is not accepted.',
      },
      expiry: {
        required: 'Enter the expiration date as MM/YY.',
        invalid: 'Enter a valid expiration date as MM/YY.',
        expired: 'This card has expired.',
      },
      cvc: { required: 'Enter the security code.', invalid: 'Enter the {n}-digit security code.' },
      zip: { required: 'Enter the ZIP code.', invalid: 'Enter a 5-digit ZIP code.' },
    },
    unavailable: 'The card could not be checked right now. Try again.',
  },
  es: {
    title: 'Datos de la tarjeta',
    labels: {
      cardNumber: 'Número de tarjeta',
      expiry: 'Vencimiento',
      cvc: 'Código de seguridad',
      zip: 'Código postal',
    },
    placeholders: { cardNumber: '1234 1234 1234 1234', expiry: 'MM/AA', cvc: '123', zip: '12345' },
    messages: {
      cardNumber: {
        required: 'Introduzca el número de tarjeta.',
        invalid: 'Introduzca un número de tarjeta válido.',
        unsupported: 'No se acepta este tipo de tarjeta.',
      },
      expiry: {
        required: 'Introduzca la fecha de vencimiento como MM/AA.',
        invalid: 'Introduzca una fecha de vencimiento válida como MM/AA.',
        expired: 'Esta tarjeta está vencida.',
      },
      cvc: {
        required: 'Introduzca el código de seguridad.',
        invalid: 'Introduzca el código de seguridad de {n} dígitos.',
      },
      zip: { required: 'Introduzca el código postal.', invalid: 'Introduzca un código postal de 5 dígitos.' },
    },
    unavailable: 'No se pudo comprobar la tarjeta en este momento. Inténtelo de nuevo.',
  },
};

/** "en-US", "es-MX", "es" … to a locale the frame speaks; English otherwise. */
export function frameLocale(requested: string | undefined): FrameLocale {
  return requested?.toLowerCase().startsWith('es') ? 'es' : 'en';
}
