/** The patient search's markup, from its state: the search box, its dropdown, and the form dialog. */
import { makeStyles } from '@fluentui/react-components';
import type { OptionHandlers } from './optionHandlers.js';
import { LazyAppointmentsList } from './LazyAppointmentsList.js';
import { LazyPatientFormDialog } from './LazyPatientFormDialog.js';
import { ResultsList } from './ResultsList.js';
import { SearchBox } from './SearchBox.js';
import { SearchPopup } from './SearchPopup.js';
import type { PatientSearchState } from './usePatientSearchState.js';

const useStyles = makeStyles({
  root: { position: 'relative', width: '100%' },
});

export function PatientSearchView({ state: s }: { state: PatientSearchState }) {
  const styles = useStyles();
  const handlers: OptionHandlers = {
    activeId: s.activeId,
    busyKey: s.selectingKey,
    choose: (option) => void s.choose(option),
    edit: s.canEdit ? s.edit : undefined,
    point: s.point,
  };
  return (
    <div
      ref={s.rootRef}
      className={styles.root}
      data-state={s.state}
      onBlur={s.onBlur}
      onFocus={s.engage}
      onPointerEnter={s.engage}
    >
      <SearchBox
        inputRef={s.inputRef}
        value={s.term}
        expanded={s.expanded}
        listboxId={s.listboxId}
        activeId={s.activeId}
        loading={s.state === 'results.loading' && s.term.trim() !== ''}
        onChange={s.onTermChange}
        onKeyDown={s.onKeyDown}
        onOpen={s.open}
        onClear={s.clear}
      />
      <SearchPopup
        open={s.expanded}
        state={s.state}
        canEdit={s.canEdit}
        hasOptions={s.options.length > 0}
        addOffered={s.addOffered}
        onAdd={s.openAdd}
      >
        {!s.expanded ? (
          // Closed: only the (empty) list box the combobox controls.
          <div role="listbox" id={s.listboxId} aria-label="Patients" />
        ) : s.state === 'ready' ? (
          <LazyAppointmentsList
            listboxId={s.listboxId}
            options={s.appointmentList}
            loading={s.expanded && s.appointmentsLoading}
            failed={s.appointmentsFailed}
            handlers={handlers}
          />
        ) : (
          <ResultsList
            listboxId={s.listboxId}
            state={s.state}
            groups={s.groups}
            failed={s.searchFailed}
            handlers={handlers}
          />
        )}
      </SearchPopup>
      {s.practice && s.dialogLoaded ? (
        <LazyPatientFormDialog
          dialog={s.dialog}
          gatewayCode={s.practice.gatewayCode}
          clinics={s.clinics}
          preferredClinic={s.clinicNum}
          onCancel={s.closeDialog}
          onSaved={(customer) => s.dialog && s.saved(s.dialog, customer)}
        />
      ) : null}
    </div>
  );
}
