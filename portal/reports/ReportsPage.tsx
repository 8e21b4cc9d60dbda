/**
 * Reports (`#/reports/<name>`, VIEWDASHBOARD): what came in, through which channel, and what is still
 * owed, over any period. One tab per report (views.ts); the period, the clinics and the report's own
 * options are in the address (reportAddress.ts), so a link or a reload keeps them. The report's
 * body (its chart and table) shows the answer; while a new answer loads the previous one stays,
 * dimmed, and a superseded request is cancelled (useReport.ts). Export CSV downloads the same figures
 * with the same filters; Print prints the report alone, with the practice, the period and the time.
 */
import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Option,
  ProgressBar,
  Select,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, PrintRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { exportReport } from '../../embed-sdk/contract/reports.js';
import { formatDate, formatDateTime } from '../../embed-sdk/format/index.js';
import { useClinics } from '../../widgets/patient-search/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { settled } from '../../widgets/ui/data.js';
import { download } from '../../widgets/ui/download.js';
import { FilterBar } from '../../widgets/ui/ListFilters.js';
import { loadErrorMessage } from '../data/loadErrorMessage.js';
import { NoAccess } from '../pages/NoAccess.js';
import { PageHeader } from '../pages/PageHeader.js';
import { hasRole } from '../session/session.js';
import { useSession } from '../session/SessionContext.js';
import { usePrintStyles } from '../shell/print.js';
import {
  addressFromParams,
  customRangeProblem,
  paramsFromAddress,
  REPORT_PRESETS,
  requestFromAddress,
  type ReportAddress,
  type ReportPreset,
} from './reportAddress.js';
import type { ReportView } from './reportView.js';
import { useReport } from './useReport.js';
import { REPORT_VIEWS } from './views.js';

const useStyles = makeStyles({
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  tabs: { marginBottom: tokens.spacingVerticalM },
  field: { minWidth: '160px' },
  clinics: { minWidth: '220px' },
  caption: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalXS,
    alignItems: 'baseline',
    marginBottom: tokens.spacingVerticalM,
    color: tokens.colorNeutralForeground2,
  },
  printHeader: {
    marginBottom: tokens.spacingVerticalM,
    '& h2': { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  },
  answer: {
    position: 'relative',
    // Printed, a report is one page: the whole a little smaller, its tables' rows compact
    // (ReportTable.tsx), so a month by day, its chart and its split fit on a Letter or A4 page.
    '@media print': {
      zoom: 0.8,
      '& h2, & h3': { marginBlock: '4px' },
    },
  },
  progress: { position: 'absolute', insetInline: 0, top: `calc(-1 * ${tokens.spacingVerticalS})` },
  stale: { opacity: 0.55, transitionProperty: 'opacity', transitionDuration: tokens.durationNormal },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export default function ReportsPage() {
  const { session } = useSession();
  const { report } = useParams();
  if (!hasRole(session, 'VIEWDASHBOARD')) {
    return <NoAccess title="Reports" reason="Reports need the dashboard role." />;
  }
  const views = REPORT_VIEWS.filter((v) => !v.available || v.available(session));
  const view = views.find((v) => v.name === report);
  if (!view) {
    return views[0] ? <Navigate to={`/reports/${views[0].name}`} replace /> : null;
  }
  return <ReportScreen key={view.name} view={view} views={views} />;
}

function ReportScreen({ view, views }: { view: ReportView; views: readonly ReportView[] }) {
  const styles = useStyles();
  const print = usePrintStyles();
  const sdk = useSdk();
  const { session } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const options = view.options ?? [];
  const address = addressFromParams(params, options);
  const request = requestFromAddress(address, options, sdk.now());
  const answer = useReport(view.endpoint, view.name, request);
  const clinics = useClinics(true).data?.clinics ?? [];
  const [exporting, setExporting] = useState(false);

  const change = (next: Partial<ReportAddress>) =>
    setParams(paramsFromAddress({ ...address, ...next }), { replace: true });

  // Another report keeps the period and the clinics; options are each report's own.
  const open = (name: string) =>
    navigate(`/reports/${name}?${paramsFromAddress({ ...address, options: {} }).toString()}`);

  const exportCsv = async () => {
    if (!request) return;
    setExporting(true);
    const link = await settled(sdk.api.call(exportReport, { body: { report: view.name, filters: request } }));
    setExporting(false);
    if (link) download(new URL(link.url, `${sdk.api.baseUrl}/`).href);
  };

  const period = request ? `${formatDate(String(request.from))} – ${formatDate(String(request.to))}` : '';
  const clinicNames = address.clinics
    .map((n) => clinics.find((c) => c.clinicNum === n)?.description ?? `Clinic ${n}`)
    .join(', ');
  const rangeProblem = customRangeProblem(address);
  const { data, error, isLoading, isValidating, mutate } = answer;
  const Body = view.Body;

  return (
    <>
      <div className={print.noPrint}>
        <PageHeader
          title="Reports"
          description="What came in, through which channel, and what is still owed, for any period."
          actions={
            <div className={styles.actions}>
              <Button
                icon={<ArrowDownloadRegular />}
                onClick={() => void exportCsv()}
                disabled={!request || exporting}
              >
                Export CSV
              </Button>
              <Button icon={<PrintRegular />} onClick={() => window.print()} disabled={!data}>
                Print
              </Button>
            </div>
          }
        />
        <TabList
          className={styles.tabs}
          selectedValue={view.name}
          onTabSelect={(_e, d) => open(String(d.value))}
          aria-label="Reports"
        >
          {views.map((v) => (
            <Tab key={v.name} value={v.name}>
              {v.title}
            </Tab>
          ))}
        </TabList>
        <FilterBar label="Report filters">
          <Field label="Period" className={styles.field}>
            <Select value={address.dates} onChange={(_e, d) => change({ dates: d.value as ReportPreset })}>
              {REPORT_PRESETS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </Select>
          </Field>
          {address.dates === 'custom' ? (
            <>
              <Field label="From" className={styles.field}>
                <Input type="date" value={address.from} onChange={(_e, d) => change({ from: d.value })} />
              </Field>
              <Field
                label="To"
                className={styles.field}
                validationState={rangeProblem ? 'error' : 'none'}
                validationMessage={rangeProblem ?? undefined}
              >
                <Input type="date" value={address.to} onChange={(_e, d) => change({ to: d.value })} />
              </Field>
            </>
          ) : null}
          {clinics.length > 1 ? (
            <Field label="Clinics" className={styles.clinics}>
              <Dropdown
                multiselect
                placeholder="All clinics"
                value={clinicNames}
                selectedOptions={address.clinics.map(String)}
                onOptionSelect={(_e, d) => change({ clinics: d.selectedOptions.map(Number) })}
              >
                {clinics.map((c) => (
                  <Option key={c.clinicNum} value={String(c.clinicNum)}>
                    {c.description}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          ) : null}
          {options.map((option) => (
            <Field key={option.key} label={option.label} className={styles.field}>
              <Select
                value={address.options[option.key] ?? option.defaultValue}
                onChange={(_e, d) => change({ options: { ...address.options, [option.key]: d.value } })}
              >
                {option.choices.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
        </FilterBar>
      </div>

      <header className={print.printOnly}>
        <div className={styles.printHeader}>
          <Text>{session.companyName}</Text>
          <h2>{view.title}</h2>
          <Text>
            {period}
            {clinicNames ? ` · ${clinicNames}` : ' · All clinics'}
          </Text>
          <br />
          <Text size={200}>Printed {formatDateTime(new Date())}</Text>
        </div>
      </header>

      <div className={`${styles.caption} ${print.noPrint}`}>
        <Text weight="semibold">{view.title}</Text>
        {period ? <Text>{period}</Text> : null}
        <Text>{clinicNames || 'All clinics'}</Text>
        <Text>{view.description}</Text>
      </div>

      <section className={styles.answer} aria-label={view.title} aria-busy={isLoading || isValidating}>
        {error && !isValidating ? (
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              <MessageBarTitle>The report could not be loaded</MessageBarTitle>
              {loadErrorMessage(error)}
            </MessageBarBody>
            <MessageBarActions>
              <Button onClick={() => void mutate()}>Try again</Button>
            </MessageBarActions>
          </MessageBar>
        ) : data && request ? (
          <>
            {isValidating ? (
              <ProgressBar
                className={`${styles.progress} ${print.noPrint}`}
                aria-label="Updating the report"
              />
            ) : null}
            <div className={isValidating ? styles.stale : undefined}>
              <Body value={data} request={request as never} />
            </div>
          </>
        ) : request ? (
          <ReportSkeleton />
        ) : null}
      </section>
    </>
  );
}

/** The chart's and the table's places while the first answer loads. */
function ReportSkeleton() {
  const styles = useStyles();
  return (
    <Skeleton aria-label="Loading the report" className={styles.skeleton}>
      <SkeletonItem shape="rectangle" style={{ height: '240px' }} />
      {Array.from({ length: 6 }, (_, i) => (
        <SkeletonItem key={i} size={20} />
      ))}
    </Skeleton>
  );
}
