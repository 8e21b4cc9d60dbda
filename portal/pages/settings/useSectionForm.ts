/**
 * A Settings section's form (react-hook-form): it starts from what the server has, once it has
 * answered; Save sends it, says 'Saved' and starts again from what the server kept; a refusal goes on
 * the fields the server named (adminForm.ts's placeErrors), the rest to the section's error area.
 */
import { useEffect, useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { placeErrors, type FormBox } from '../../admin/adminForm.js';

export function useSectionForm<V extends FieldValues, S>({
  loaded,
  valuesOf,
  save,
  boxes,
  savedMessage,
}: {
  /** What the server has; undefined until it answered. */
  loaded: S | undefined;
  valuesOf: (saved: S) => V;
  save: (values: V) => Promise<S>;
  /** The form's boxes by the body path the server names. */
  boxes: Record<string, FormBox<Path<V>>>;
  savedMessage: string;
}) {
  const notify = useNotify();
  const form = useForm<V>();
  const [ready, setReady] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (loaded !== undefined && !ready) {
      form.reset(valuesOf(loaded) as DefaultValues<V>);
      setReady(true);
    }
  }, [loaded, ready, form, valuesOf]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      form.reset(valuesOf(saved) as DefaultValues<V>);
      notify({ intent: 'success', title: 'Saved', message: savedMessage });
    } catch (error) {
      const placed = placeErrors(error, (path) => boxes[path]);
      for (const [field, message] of Object.entries(placed.fields)) {
        form.setError(field as Path<V>, { type: 'server', message: message as string });
      }
      setFailure(placed.other);
    }
  });

  return { form, ready, failure, submit };
}
