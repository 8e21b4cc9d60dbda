/**
 * <chairside-reimbursements>, and the same component on the portal's Reimbursements page: the
 * practice's insurance reimbursements (spec part 2, "Insurance reimbursements"), with the filter bar,
 * the count, New Reimbursement for those who may enter one, and Reimbursement Details for a row.
 */
import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { formatIsoDay } from '../../embed-sdk/format/date.js';
import { useSdk } from '../runtime/SdkContext.js';
import { formatCount } from '../ui/ListFrame.js';
import { detailsBodyPart } from './details/LazyDetailsBody.js';
import { detailsModalPart, LazyReimbursementDetails } from './details/LazyReimbursementDetails.js';
import { portalReimbursementLinks, type ReimbursementLinks } from './links.js';
import { ReimbursementFilters } from './list/ReimbursementFilters.js';
import { ReimbursementTable } from './list/ReimbursementTable.js';
import { LIST_TEXT } from './texts.js';
import { usePreloadReimbursement } from './useReimbursements.js';
import { useReimbursementsState, type FilterControl } from './useReimbursementsState.js';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalM,
  },
  count: { marginRight: 'auto', color: tokens.colorNeutralForeground2 },
});

export interface ReimbursementsProps extends FilterControl {
  /** Where New Reimbursement and the payment request links lead. @default the portal at the SDK's address */
  links?: ReimbursementLinks;
  /** Opens a share's payment request in place (the portal's modal); false lets its link lead there. */
  onOpenRequest?: (notificationId: string) => boolean;
}

export function Reimbursements(props: ReimbursementsProps) {
  const styles = useStyles();
  const sdk = useSdk();
  const state = useReimbursementsState({ filter: props.filter, onFilterChange: props.onFilterChange });
  const preloadReimbursement = usePreloadReimbursement();
  const links = useMemo(
    () => props.links ?? portalReimbursementLinks(`${sdk.api.baseUrl}/`),
    [props.links, sdk],
  );
  const { list } = state;
  return (
    <>
      <ReimbursementFilters filter={state.filter} onChange={state.update} carriers={state.carriers} />
      <div className={styles.bar}>
        <Text className={styles.count} role="status">
          {list.rows ? LIST_TEXT.count(formatCount(list.total), list.total === 1) : ''}
        </Text>
        {state.canProcess && (
          <Button
            as="a"
            appearance="primary"
            icon={<AddRegular />}
            href={links.newReimbursement(formatIsoDay(sdk.now()))}
          >
            {LIST_TEXT.newReimbursement}
          </Button>
        )}
      </div>
      <ReimbursementTable
        rows={list.rows}
        failed={list.failed}
        loading={list.loading}
        stale={list.stale}
        onRetry={list.retry}
        page={state.filter.page}
        totalCount={list.total}
        onPage={state.setPage}
        onDetails={(p) => {
          // The reimbursement and the body's code are asked for with the modal's, not after it.
          preloadReimbursement(p.id);
          detailsBodyPart.prefetch();
          state.setOpenId(p.id);
        }}
        onPointDetails={() => {
          detailsModalPart.prefetch();
          detailsBodyPart.prefetch();
        }}
      />
      {state.openId !== null && (
        <LazyReimbursementDetails
          reimbursementId={state.openId}
          links={links}
          onOpenRequest={props.onOpenRequest}
          onClose={() => state.setOpenId(null)}
        />
      )}
    </>
  );
}
