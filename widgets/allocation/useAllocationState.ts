/**
 * The allocation modal's state: the model's (widgets/allocation/model/: `allocationReducer`, its
 * actions and selectors) in one `useReducer`, the server's data (SWR), what is shown (memoized on
 * the filters only, so a mode change or a checkbox regroups nothing), and the actions the render
 * calls: the save (or, in "associate" use, handing the lines back), the saved filter settings and
 * the family view's choice.
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
  allocationReducer,
  allocationTotal,
  amountLeft,
  canAllocate,
  filterSettingsOf,
  groupProcedures,
  hasEnteredAmounts,
  initialAllocationState,
  prepareSave,
  readFilterSettings,
  visibleProcedures,
  writeFilterSettings,
  type AllocationAction,
} from './model/index.js';
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
  /** Closes the modal: after a save, or after the lines were handed back. */
  onClose: () => void;
  /**
   * Closes it without saving, as Cancel does: asks first when amounts were entered, then runs
   * `then` (leaving for another patient's page). @default onClose, then `then`
   */
  requestClose?: (then?: () => void) => void;
}

/** The saved filter settings, read when the modal opens and whenever the patient changes (section 4). */
const freshState = () => initialAllocationState({ settings: readFilterSettings() });

export function useAllocationState(input: AllocationStateInput) {
  const { customerKey, transactionId, purpose } = input;
  const sdk = useSdk();
  const { mutate } = useSWRConfig();
  const [state, rawDispatch] = useReducer(allocationReducer, undefined, freshState);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Stable, so that memoized rows keep their props: a notice of the menu or the family view goes
  // with the next thing done.
  const dispatch = useCallback((action: AllocationAction) => {
    setNotice(null);
    rawDispatch(action);
  }, []);

  const shownFor = useRef(customerKey);
  useEffect(() => {
    if (shownFor.current === customerKey) return;
    shownFor.current = customerKey;
    dispatch({ type: 'patientChanged', settings: readFilterSettings() });
  }, [customerKey, dispatch]);

  const data = useAllocationData(customerKey, state.showFamily);
  const procedures = data.procedures.data ?? NO_PROCEDURES;
  const plans = data.plans.data ?? NO_PLANS;
  // Loaded data only: lines of procedures no longer listed go, each line stays within its Est. Due.
  const loaded = data.procedures.data;
  useEffect(() => {
    if (loaded) dispatch({ type: 'proceduresLoaded', procedures: loaded });
  }, [loaded, dispatch]);

  const { search, dateFilter, list, selectedTreatmentPlans, showFamily, groupBy } = state;
  const groups = useMemo(
    () =>
      groupProcedures(
        visibleProcedures(
          procedures,
          { search, dateFilter, list, selectedTreatmentPlans, showFamily },
          customerKey,
        ),
        groupBy,
        { treatmentPlans: plans, patientKey: customerKey },
      ),
    [procedures, plans, customerKey, search, dateFilter, list, selectedTreatmentPlans, showFamily, groupBy],
  );
  // In the table's order: Select and select-all take the lines as they are listed.
  const shown = useMemo(() => groups.flatMap((g) => g.procedures), [groups]);

  const saveSettings = () => {
    const saved = writeFilterSettings(filterSettingsOf(state));
    setNotice(
      saved
        ? { intent: 'success', message: MODEL_TEXT.filterSettingsSaved }
        : { intent: 'warning', message: MODEL_TEXT.filterSettingsNotSaved },
    );
  };

  const allocate = useAllocate();
  const attempt = useRef<{ payload: string; key: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const prepared = prepareSave(state, procedures);
    if (!prepared.ok) return dispatch({ type: 'messageShown', message: prepared.message });
    const { procedures: lines, total } = prepared;
    const detail = { transactionId, customerKey };
    if (purpose === 'associate') {
      input.onAllocationChosen?.({ ...detail, procedures: lines, total });
      return input.onClose();
    }
    // A second try of the same lines (the answer was lost) keeps its key: the server saves once.
    const text = JSON.stringify(lines);
    if (attempt.current?.payload !== text) attempt.current = { payload: text, key: crypto.randomUUID() };
    setSaving(true);
    const saved = await allocate(transactionId, lines, attempt.current.key);
    setSaving(false);
    if (!saved) return;
    void mutate(allocationStatusKey(transactionId), saved, { revalidate: false });
    void data.refresh();
    sdk.events.emit('banner', {
      intent: 'success',
      title: SCREEN_TEXT.savedTitle,
      message: SCREEN_TEXT.saved(total, lines.length),
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
    const link = input.patientLink(customerId, member.key);
    const leave = () => window.location.assign(link);
    if (input.requestClose) return input.requestClose(leave);
    input.onClose();
    leave();
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
    plans,
    family: data.family.data,
    groups,
    shown,
    total: allocationTotal(state.lines),
    /** Amounts were entered and not saved: closing without saving asks first. */
    unsaved: hasEnteredAmounts(state) && !saving,
    left: amountLeft(state),
    canAllocate: canAllocate(state) && !saving,
    saving,
    refresh: () => void data.refresh(),
    saveSettings,
    save,
    chooseMember,
  };
}
