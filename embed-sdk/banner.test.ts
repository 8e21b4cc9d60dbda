import { describe, expect, it } from 'vitest';
import { messagesBanner, validationErrorsBanner } from './banner.js';

describe('banners', () => {
  it('joins a list of messages with line breaks', () => {
    expect(messagesBanner('warning', ['One.', 'Two.'])).toEqual({ intent: 'warning', message: 'One.\nTwo.' });
  });

  it("titles validation errors 'Validation Errors'", () => {
    expect(validationErrorsBanner(['The amount is not a currency value.', 'Add a Card'])).toEqual({
      intent: 'danger',
      title: 'Validation Errors',
      message: 'The amount is not a currency value.\nAdd a Card',
    });
  });
});
