/**
 * Settings › Embed origins: the partners' pages that may embed Chairside with this practice's
 * sign-ins. Each is checked as it is typed (scheme://host[:port], http or https) and again by the
 * server; removing one asks first, since a partner's page stops working at once.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../embed-sdk/format/index.js';
import { originProblem } from '../../../embed-sdk/validation/origin.js';
import { ConfirmDialog } from '../../../widgets/ui/ConfirmDialog.js';
import { useNotify } from '../../../widgets/runtime/useBanners.js';
import { ListState } from '../../../widgets/ui/ListFrame.js';
import { Panel } from '../Panel.js';
import { refusalOf, useEmbedOrigins } from './useEmbedOrigins.js';

const useStyles = makeStyles({
  intro: { display: 'block', marginBottom: tokens.spacingVerticalM, color: tokens.colorNeutralForeground2 },
  form: {
    display: 'flex',
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
    flexWrap: 'wrap',
    marginTop: tokens.spacingVerticalL,
  },
  field: { flex: '1 1 280px' },
  add: { marginTop: '26px' },
  origin: { overflowWrap: 'anywhere', fontFamily: tokens.fontFamilyMonospace },
  originColumn: { width: '55%' },
  actionsColumn: { width: '120px' },
  empty: { color: tokens.colorNeutralForeground2 },
});

export function EmbedOriginsPanel() {
  const styles = useStyles();
  const notify = useNotify();
  const { list, add, remove } = useEmbedOrigins();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = originProblem(text);
    setProblem(found);
    if (found) return;
    setAdding(true);
    try {
      await add(text);
      setText('');
      notify({ intent: 'success', title: 'Saved', message: 'The origin may now embed Chairside.' });
    } catch (error) {
      setProblem(refusalOf(error));
    } finally {
      setAdding(false);
    }
  }

  async function confirmRemove() {
    if (!removing) return;
    setBusy(true);
    try {
      await remove(removing);
      notify({ intent: 'success', title: 'Removed', message: `${removing} may no longer embed Chairside.` });
      setRemoving(null);
    } catch {
      // The SDK has shown what went wrong; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  const origins = list.data?.origins ?? [];
  return (
    <Panel title="Embed origins">
      <Text className={styles.intro}>
        Partners’ pages that may show Chairside’s widgets to this practice’s staff: they may call Chairside
        with the practice’s sign-ins, send people back after they sign in, and show the card-entry frame.
        Enter each as scheme://host, with a port when it has one.
      </Text>
      <ListState
        failed={!!list.error}
        loading={list.isLoading && !list.data}
        failedText="The embed origins could not be loaded."
        loadingText="Loading embed origins…"
        size="small"
      >
        {origins.length === 0 ? (
          <Text className={styles.empty}>No partner’s page may embed Chairside yet.</Text>
        ) : (
          <Table aria-label="Embed origins" size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell className={styles.originColumn}>Origin</TableHeaderCell>
                <TableHeaderCell>Added</TableHeaderCell>
                <TableHeaderCell className={styles.actionsColumn} aria-label="Actions" />
              </TableRow>
            </TableHeader>
            <TableBody>
              {origins.map((o) => (
                <TableRow key={o.origin}>
                  <TableCell className={styles.origin}>{o.origin}</TableCell>
                  <TableCell>{formatDateTime(o.created)}</TableCell>
                  <TableCell>
                    <Button
                      appearance="subtle"
                      icon={<DeleteRegular />}
                      aria-label={`Remove ${o.origin}`}
                      onClick={() => setRemoving(o.origin)}
                    >
                      Remove
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </ListState>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <Field
          className={styles.field}
          label="New origin"
          validationState={problem ? 'error' : 'none'}
          validationMessage={problem ?? undefined}
        >
          <Input
            value={text}
            placeholder="https://intranet.example.com"
            onChange={(_e, d) => {
              setText(d.value);
              if (problem) setProblem(null);
            }}
          />
        </Field>
        <Button className={styles.add} type="submit" icon={<AddRegular />} disabled={adding}>
          Add origin
        </Button>
      </form>
      <ConfirmDialog
        open={removing !== null}
        title="Remove Origin"
        message={`Pages on ${removing ?? ''} will no longer be able to show Chairside for this practice.`}
        confirmLabel="Remove"
        danger
        busy={busy}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </Panel>
  );
}
