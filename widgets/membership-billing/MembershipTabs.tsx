/**
 * The tabs: Enrollees, Payment History (once started) and Authorization (when an approval method
 * was recorded). A tab that stops applying gives way to Enrollees.
 */
import { makeStyles, Tab, TabList } from '@fluentui/react-components';
import { useAtom } from 'jotai';
import { useId } from 'react';
import { AuthorizationList } from '../ui/AuthorizationList.js';
import { EnrolleesTab } from './EnrolleesTab.js';
import { tabAtom } from './membership.atoms.js';
import { patientName, visibleTabs, type Membership, type MembershipTab } from './membershipView.js';
import { PaymentHistoryTab } from './PaymentHistoryTab.js';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: 0 },
  panel: { minWidth: 0 },
});

const LABELS: Record<MembershipTab, string> = {
  enrollees: TEXT.enrollees,
  history: TEXT.paymentHistory,
  authorization: TEXT.authorization,
};

export interface MembershipTabsProps {
  membership: Membership;
  editable: boolean;
  saving: boolean;
  onSave: () => void;
  canGiveBack: boolean;
}

export function MembershipTabs({
  membership: m,
  editable,
  saving,
  onSave,
  canGiveBack,
}: MembershipTabsProps) {
  const styles = useStyles();
  const id = useId();
  const tabs = visibleTabs(m);
  const [chosen, setChosen] = useAtom(tabAtom);
  const selected = tabs.includes(chosen) ? chosen : 'enrollees';
  const auth = m.authorization;
  return (
    <div className={styles.root}>
      <TabList
        aria-label={TEXT.tabs}
        selectedValue={selected}
        onTabSelect={(_e, data) => setChosen(data.value as MembershipTab)}
      >
        {tabs.map((tab) => (
          <Tab key={tab} id={`${id}-${tab}`} value={tab} aria-controls={`${id}-${tab}-panel`}>
            {LABELS[tab]}
          </Tab>
        ))}
      </TabList>
      <div
        role="tabpanel"
        id={`${id}-${selected}-panel`}
        aria-labelledby={`${id}-${selected}`}
        className={styles.panel}
      >
        {selected === 'enrollees' ? (
          <EnrolleesTab membership={m} editable={editable} saving={saving} onSave={onSave} />
        ) : selected === 'history' ? (
          <PaymentHistoryTab membership={m} canGiveBack={canGiveBack} />
        ) : auth ? (
          <AuthorizationList
            method={TEXT.methods[auth.method]}
            ipAddress={auth.ipAddress}
            signature={auth.signature}
            template={auth.template}
            approvedDate={auth.approvedDate}
            signerName={patientName(m)}
            text={TEXT}
          />
        ) : null}
      </div>
    </div>
  );
}
