/**
 * The allocation modal's state: the model's state in one reducer (modelAdapter.ts), the server's
 * data (SWR), what is shown (memoized on the filters only, so a mode change or a checkbox recomputes
 * no grouping), and the actions the render calls: the order, the save (or, in "associate" use,
 * handing the lines back), the saved filter settings and the family view's choice.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { FamilyMember, Procedure, TreatmentPlan } from '../../embed-sdk/contract/allocation.js';
import { transition } from '../../embed-sdk/contract/patient.js';
import { useSdk } from '../runtime/SdkContext.js';
import type { AllocatorProps } from '../ui/allocation.js';
import { allocationStatusKey } from '../ui/allocationStatus.js';
import type { PatientLink } from '../ui/portalRoutes.js';
import {
  allocationPayload,
  allocationReducer,
  allocationTotal,
  amountOf,
  canCheck,
  canEdit,
  initialAllocationState,
  loadFilterSettings,
  saveFilterSettings,
  saveRefusal,
  visibleGroups,
  type AllocationAction,
  type AllocationOrder,
} from './modelAdapter.js';
import { MODEL_TEXT, SCREEN_TEXT } from './texts.js';
import { useAllocate, useAllocationData } from './useAllocationData.js';

const NO_PROCEDURES: Procedure[] = [];
const NO_PLANS: TreatmentPlan[] = [];

export interface Notice {
  intent: 'warning' | 'info' | 'success' | 'error';
  message: string;
}

export interface AllocationStateInput extends Omit<AllocatorProps, 'amount'> {
  /** Cents that may be allocated. */
  amount: number;
  patientLink: PatientLink;
  onClose: () => void;
}

export function useAllocationState(input: AllocationStateInput) {
  const { customerKey, transactionId, purpose } = input;
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const [state, rawDispatch] = useReducer(allocationReducer, undefined, () =>
    initialAllocationState(loadFilterSettings()),
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const dispatch = useCallback((action: AllocationAction) => {
    setNotice(null);
    rawDispatch(action);
  }, []);

  // Section 4: another patient resets the filter and applies the saved settings again.
  const shownFor = useRef(customerKey);
  useEffect(() => {
    if (shownFor.current === customerKey) return;
    shownFor.current = customerKey;
    dispatch({ type: 'patientChanged', settings: loadFilterSettings() });
  }, [customerKey, dispatch]);

  const data = useAllocationData(customerKey, state.showFamily);
  const procedures = data.procedures.data ?? NO_PROCEDURES;
  const plans = data.plans.data ?? NO_PLANS;
  const { searchPhrase, list, selectedPlans, dateFilter, groupBy } = state;
  const groups = useMemo(
    () => visibleGroups({ searchPhrase, list, selectedPlans, dateFilter, groupBy }, procedures, plans),
    [searchPhrase, list, selectedPlans, dateFilter, groupBy, procedures, plans],
  );
  const shown = useMemo(() => groups.flatMap((g) => g.procedures), [groups]);
  const total = allocationTotal(state);
  const checkable = useCallback((procedureId: number) => canCheck(state, procedureId), [state]);

  const order = useCallback(
    (choice: AllocationOrder) => dispatch({ type: 'order', order: choice, procedures: shown }),
    [dispatch, shown],
  );

  const saveSettings = () => {
    if (saveFilterSettings(state)) setNotice({ intent: 'success', message: MODEL_TEXT.filterSettingsSaved });
  };

  const allocate = useAllocate();
  const attempt = useRef<{ payload: string; key: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const refusal = saveRefusal(state);
    if (refusal) return setNotice({ intent: 'warning', message: refusal });
    const payload = allocationPayload(state, procedures);
    const detail = { transactionId, customerKey };
    if (purpose === 'associate') {
      input.onAllocationChosen?.({ ...detail, procedures: payload, total });
      return input.onClose();
    }
    // A second try of the same lines (the answer was lost) keeps its key: the server saves once.
    const text = JSON.stringify(payload);
    if (attempt.current?.payload !== text) attempt.current = { payload: text, key: crypto.randomUUID() };
    setSaving(true);
    const saved = await allocate(transactionId, payload, attempt.current.key);
    setSaving(false);
    if (!saved) return;
    void mutate(allocationStatusKey(transactionId), saved, { revalidate: false });
    void data.refresh();
    sdk.events.emit('banner', {
      intent: 'success',
      title: SCREEN_TEXT.savedTitle,
      message: SCREEN_TEXT.saved(total, payload.length),
    });
    input.onAllocationSaved?.({
      ...detail,
      amount: total,
      allocated: saved.allocated,
      paySplits: saved.payment?.paySplits ?? [],
    });
    input.onClose();
  };

  const chooseMember = async (member: FamilyMember) => {
    if (member.key === customerKey) {
      return setNotice({ intent: 'info', message: MODEL_TEXT.viewingThisPatient });
    }
    let customerId = member.customerId;
    if (customerId === null) {
      // Not in Chairside yet: brought in first, as Associate Transaction does, so that it has a page.
      const result = await sdk.api
        .call(transition, {
          body: {
            key: member.key,
            firstName: member.firstName,
            lastName: member.lastName,
            email: member.email,
          },
        })
        .catch(() => null);
      customerId = result?.isSuccess ? result.value.customerId : null;
    }
    if (customerId === null) return;
    input.onClose();
    window.location.assign(input.patientLink(customerId, member.key));
  };

  return {
    state,
    dispatch,
    notice: notice ?? (state.message ? ({ intent: 'warning', message: state.message } as Notice) : null),
    load: {
      loading: !data.procedures.data && !data.procedures.error,
      failed: !!data.procedures.error && !data.procedures.data,
      retry: () => void data.refresh(),
      refreshing: data.procedures.isValidating && !!data.procedures.data,
    },
    procedures,
    plans,
    family: data.family.data,
    groups,
    shown,
    table: {
      checkable,
      editable: canEdit(state),
      allChecked: shown.length > 0 && shown.every((p) => amountOf(state, p.procedureId) > 0),
    },
    total,
    canAllocate: total > 0 && !saving,
    saving,
    order,
    refresh: () => void data.refresh(),
    saveSettings,
    save,
    chooseMember,
  };
}
