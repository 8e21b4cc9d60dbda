/** The practice's wording of its patient messages, saving one kind's and restoring its default (Settings › Patient messages). */
import useSWR from 'swr';
import {
  messageTemplates,
  restoreMessageTemplate,
  saveMessageTemplate,
  type MessageKind,
  type MessageTemplateInput,
  type PatientMessageTemplate,
} from '../../../embed-sdk/contract/messageTemplates.js';
import { useSdk } from '../../../widgets/runtime/SdkContext.js';
import { valueOf } from '../../data/valueOf.js';
import { useSettingsChanged } from './settingsChanged.js';

export const MESSAGE_TEMPLATES_KEY = ['settings/messageTemplates'] as const;

export function useMessageTemplates() {
  const sdk = useSdk();
  const changed = useSettingsChanged();
  const templates = useSWR(MESSAGE_TEMPLATES_KEY, () => valueOf(sdk.api.call(messageTemplates)), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });

  async function replace(saved: PatientMessageTemplate) {
    await templates.mutate(
      (current) =>
        current && { templates: current.templates.map((t) => (t.kind === saved.kind ? saved : t)) },
      { revalidate: false },
    );
    await changed();
    return saved;
  }

  return {
    templates,
    /** Saves one kind's wording; rejects when the server refused (its banner says why). */
    async save(input: MessageTemplateInput) {
      return replace(await valueOf(sdk.api.call(saveMessageTemplate, { body: input })));
    },
    /** Restore Default: the kind is sent in the product's wording again. */
    async restore(kind: MessageKind) {
      return replace(await valueOf(sdk.api.call(restoreMessageTemplate, { body: { kind } })));
    },
  };
}
