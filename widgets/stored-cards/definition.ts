import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const storedCardsDefinition = describeWidget({
  tag: 'chairside-stored-cards',
  description:
    'A patient’s cards on file: a required card selector for a form (mode 1), the selected card with Change Card (mode 2), or a Stored Cards button (mode 3). Each opens a dialog that lists, adds (through the card provider’s frame), makes default and removes cards, or sends the patient a request to store a card. A card the patient stores through that request shows at once (through the realtime hub).',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'customer-id': {
      description: 'The patient’s Chairside customer id (the `id` of `patient-selected`).',
      type: 'string',
      required: true,
    },
    mode: {
      description:
        '1: a form field that requires a card ("Add a Card" when the patient has none); 2: the selected card, read-only, with Change Card; 3: a Stored Cards button.',
      type: "'1' | '2' | '3'",
      default: '3',
    },
    value: {
      description:
        'The selected card’s id. Set it to preselect a card; the element keeps it current as cards are selected, stored and removed, so a host form reads the `value` property ("" when the patient has no card). The default card is selected when none is.',
      type: 'string',
    },
  },
  events: {
    'card-selected': {
      description:
        'The selected card changed (and `value` with it): a card was selected in the dialog or stored, or the selected card was removed. Not sent for the card selected on load.',
      detail: 'CardSelectedDetail',
    },
    'card-saved': {
      description: 'A card was stored from the card-entry frame.',
      detail: 'CardSavedDetail',
    },
    'card-removed': { description: 'A card on file was removed.', detail: 'CardRemovedDetail' },
    'card-request-sent': {
      description: 'The patient was sent a text and/or e-mail asking them to store a card.',
      detail: 'CardRequestSentDetail',
    },
  },
});
