/**
 * Settings › Patient messages (MANAGESETTINGS): the practice's own wording of the texts and e-mails
 * its patients receive, per kind (a payment request, its reminder, a card request, a receipt, a
 * membership enrollment), with the placeholders {firstName}, {practiceName}, {amount} and {link}. A
 * kind the practice has not worded is sent in the product's default (rules/messageTemplates.ts, which
 * holds the rules a template must meet: the contract refuses a bad one with its field named).
 */
import { z } from 'zod';
import { MESSAGE_KINDS, templateProblem } from '../rules/messageTemplates.js';
import { get, post } from './endpoint.js';

export const MessageKind = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof MessageKind>;

/** A kind's wording as Settings shows it: the practice's own, or the product's default. */
export const PatientMessageTemplate = z.object({
  kind: MessageKind,
  /** The text's template; null for a kind only e-mailed (a receipt). */
  text: z.string().nullable(),
  emailSubject: z.string(),
  emailBody: z.string(),
  /** The product's default: the practice has not worded this kind. */
  isDefault: z.boolean(),
  /** When the practice last saved it (ISO); null for a default. */
  updated: z.string().nullable(),
});
export type PatientMessageTemplate = z.infer<typeof PatientMessageTemplate>;

/** A practice's wording of one kind, refused with the field named when a rule is broken. */
export const MessageTemplateInput = z
  .object({
    kind: MessageKind,
    text: z.string().max(10_000).nullable(),
    emailSubject: z.string().max(10_000),
    emailBody: z.string().max(10_000),
  })
  .strict()
  .superRefine((value, ctx) => {
    const problem = templateProblem(value.kind, value);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
  });
export type MessageTemplateInput = z.infer<typeof MessageTemplateInput>;

export const messageTemplates = get('/api/settings/messageTemplates', {
  summary:
    "The current practice's wording of each kind of patient message, its own or the product's default.",
  value: z.object({ templates: z.array(PatientMessageTemplate) }),
});

export const saveMessageTemplate = post('/api/settings/messageTemplates', {
  summary:
    'Saves the current practice’s text and e-mail templates for one kind of patient message; every message of that kind is sent in them from now on.',
  body: MessageTemplateInput,
  value: PatientMessageTemplate,
});

export const restoreMessageTemplate = post('/api/settings/messageTemplates/restore', {
  summary: 'Restores the product’s default wording of one kind of patient message for the current practice.',
  body: z.object({ kind: MessageKind }).strict(),
  value: PatientMessageTemplate,
});
