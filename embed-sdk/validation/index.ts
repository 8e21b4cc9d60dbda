/** The spec's validation rules (part 1, section 5) as zod schemas, with its messages verbatim. */
export { validationMessages, type RuleOptions } from './messages.js';
export { centsToMoneyInput, isMoney, isMoneyZeroOk, money, moneyZeroOk, parseMoneyToCents } from './money.js';
export { isPhoneNumber, phoneNumber } from './phone.js';
export { emailList, isEmailList } from './email.js';
export { greaterThanZero, isGreaterThanZero } from './greaterThanZero.js';
export {
  canSend,
  channelProblems,
  NO_CHANNEL_MESSAGE,
  type ChannelProblem,
  type ChannelValues,
} from './channels.js';
