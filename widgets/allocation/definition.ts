import { describeWidget, THEME_ATTRIBUTE } from '../runtime/definition.js';

export const allocationDefinition = describeWidget({
  tag: 'chairside-allocation',
  description:
    'The procedure allocation modal, titled Procedures: a payment split across the dental procedures it pays for, written back to the practice system as pay splits. The patient’s procedures due (with Family, the family’s), grouped by date, treatment plan or patient; the search box, Latest or All Dates, the list filter (Completed, Treatment Plans, All), Apply Amount with FIFO, LIFO or Select, the inline edit, the treatment plan list and the family view with its guarantor; Allocation Total and Allocate Procedures. Open Dental practices with procedure allocation on only; elsewhere it says why. It opens when placed.',
  attributes: {
    theme: THEME_ATTRIBUTE,
    'customer-key': {
      description: 'The patient whose procedures are shown: their patient number in the practice system.',
      type: 'string',
      required: true,
    },
    'transaction-id': {
      description: 'The payment it allocates (a transaction id, a positive whole number).',
      type: 'string',
      required: true,
    },
    amount: {
      description:
        'What may be allocated, in cents (a whole number). Without it, what is left of the payment: its amount less its surcharge, less what is on procedures already.',
      type: 'string',
    },
    purpose: {
      description:
        '`save` writes the splits; `associate` only returns the chosen lines (allocation-chosen), for a payment about to be associated.',
      type: "'save' | 'associate'",
      default: 'save',
    },
  },
  events: {
    'allocation-saved': {
      description:
        'Allocate Procedures split the payment across the chosen procedures (the pay splits written).',
      detail: 'AllocationSavedDetail',
    },
    'allocation-chosen': {
      description: 'In associate use: Allocate Procedures chose these lines; nothing was saved.',
      detail: 'AllocationChosenDetail',
    },
    'allocation-closed': {
      description:
        'The modal was closed (Cancel, Close, Escape, after allocating, or to open another patient’s page). Set other attributes to open it again.',
      detail: 'AllocationClosedDetail',
    },
  },
});
