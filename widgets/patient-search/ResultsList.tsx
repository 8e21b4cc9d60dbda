/** The search results: a spinner while searching, then the patients grouped by clinic, or why none. */
import { Spinner } from '@fluentui/react-components';
import type { ClinicGroup as Group } from './grouping.js';
import { ClinicGroup } from './ClinicGroup.js';
import { useListStyles } from './listStyles.styles.js';
import type { OptionHandlers } from './optionHandlers.js';
import { PatientRow } from './PatientRow.js';
import type { SearchOption } from './searchOptions.js';
import type { SearchState } from './searchState.js';
import { TEXT } from './texts.js';

export interface ResultsListProps {
  listboxId: string;
  state: SearchState;
  groups: Group<SearchOption>[];
  failed: boolean;
  handlers: OptionHandlers;
}

export function ResultsList({ listboxId, state, groups, failed, handlers }: ResultsListProps) {
  const styles = useListStyles();
  const { activeId, busyKey, choose, edit, point } = handlers;
  let status = null;
  if (state === 'results.loading') {
    status = (
      <div className={styles.status} role="status">
        <Spinner size="tiny" label={TEXT.searching} />
      </div>
    );
  } else if (failed) {
    status = (
      <p className={styles.status} role="status">
        {TEXT.searchFailed}
      </p>
    );
  } else if (groups.length === 0) {
    status = (
      <p className={styles.status} role="status">
        {TEXT.noResults}
      </p>
    );
  }
  return (
    <>
      {status}
      <div role="listbox" id={listboxId} aria-label={TEXT.resultsLabel} className={styles.listbox}>
        {state === 'results.complete'
          ? groups.map((group) => (
              <ClinicGroup key={group.clinic} group={group}>
                {group.patients.map((option) => (
                  <PatientRow
                    key={option.id}
                    id={option.id}
                    patient={option.patient}
                    active={option.id === activeId}
                    busy={option.patient.key === busyKey}
                    onChoose={() => choose(option)}
                    onEdit={edit ? () => edit(option) : undefined}
                    onPoint={() => point(option)}
                  />
                ))}
              </ClinicGroup>
            ))
          : null}
      </div>
    </>
  );
}
