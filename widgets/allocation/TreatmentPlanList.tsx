/**
 * The treatment plan list (spec part 2, "Procedure allocation modal"): each plan's heading, date,
 * note and status (0 Saved, 1 Active, 2 Inactive, another value shown as it is) with its selection
 * flag; selected plans narrow the table to their procedures. Each plan takes two lines (its heading;
 * its date, status and note), cut with an ellipsis where they are longer, the whole text as their
 * tooltip: in a 1024×768 window the procedures keep the dialog's height.
 */
import { Checkbox, makeStyles, mergeClasses, Subtitle2, Text, tokens } from '@fluentui/react-components';
import type { Dispatch } from 'react';
import { formatDate } from '../../embed-sdk/format/date.js';
import type { AllocationAction, TreatmentPlanRow } from './model/index.js';
import { SCREEN_TEXT as T } from './texts.js';

const useStyles = makeStyles({
  // Beside the table, one column; above it (the modal's narrow layout, AllocationModal.tsx), the
  // section takes the width the family view leaves and the plans fill it in columns.
  section: { '@media (max-width: 1180px)': { flex: '1 1 400px', minWidth: 0 } },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingVerticalS,
    '@media (max-width: 1180px)': {
      gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
      columnGap: tokens.spacingHorizontalL,
    },
  },
  item: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  body: { display: 'flex', flexDirection: 'column', minWidth: 0, paddingTop: tokens.spacingVerticalXS },
  line: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  muted: { color: tokens.colorNeutralForeground2 },
});

/** A plan's second line: its date, status and note. */
function detailOf(plan: TreatmentPlanRow): string {
  return [formatDate(plan.date), plan.status, plan.note].filter(Boolean).join(' · ');
}

export function TreatmentPlanList(props: {
  /** The model's `treatmentPlanRows`: each plan with its status text and selection flag. */
  plans: readonly TreatmentPlanRow[];
  dispatch: Dispatch<AllocationAction>;
}) {
  const styles = useStyles();
  return (
    <section aria-label={T.plans} className={styles.section}>
      <Subtitle2 as="h3">{T.plans}</Subtitle2>
      {props.plans.length === 0 ? (
        <Text block className={styles.muted}>
          {T.noPlans}
        </Text>
      ) : (
        <ul className={styles.list}>
          {props.plans.map((plan) => (
            <li key={plan.treatPlanNum} className={styles.item}>
              <Checkbox
                aria-label={T.choosePlan(plan.heading)}
                checked={plan.isSelected}
                onChange={() =>
                  props.dispatch({ type: 'treatmentPlanToggled', treatPlanNum: plan.treatPlanNum })
                }
              />
              <div className={styles.body}>
                <Text weight="semibold" className={styles.line} title={plan.heading}>
                  {plan.heading}
                </Text>
                <Text size={200} className={mergeClasses(styles.line, styles.muted)} title={detailOf(plan)}>
                  {detailOf(plan)}
                </Text>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
