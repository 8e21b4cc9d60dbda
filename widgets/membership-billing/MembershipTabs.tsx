/**
 * The tabs: Enrollees, Payment History (once started) and Authorization (when an approval method
 * was recorded). A tab that stops applying gives way to Enrollees.
 */
import { useAtom } from 'jotai';
import { AuthorizationList } from '../ui/AuthorizationList.js';
import { DetailTabs } from '../ui/DetailTabs.js';
import { EnrolleesTab } from './EnrolleesTab.js';
import { tabAtom } from './membership.atoms.js';
import { patientName, visibleTabs, type Membership, type MembershipTab } from './membershipView.js';
import { PaymentHistoryTab } from './PaymentHistoryTab.js';
import { TEXT } from './texts.js';

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
  const [chosen, setChosen] = useAtom(tabAtom);
  const auth = m.authorization;
  return (
    <DetailTabs
      label={TEXT.tabs}
      tabs={visibleTabs(m)}
      labels={LABELS}
      chosen={chosen}
      fallback="enrollees"
      onChoose={setChosen}
    >
      {(selected) =>
        selected === 'enrollees' ? (
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
        ) : null
      }
    </DetailTabs>
  );
}
