/**
 * The search input, as the combobox of the ARIA pattern: it keeps the focus while the arrow keys
 * move the active option of the list box it controls (aria-activedescendant).
 */
import type { KeyboardEvent, Ref } from 'react';
import { Button, Input, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { DismissRegular, SearchRegular } from '@fluentui/react-icons';
import { TEXT } from './texts.js';

const useStyles = makeStyles({
  input: { width: '100%' },
  icon: { color: tokens.colorNeutralForeground3, fontSize: '20px' },
});

export interface SearchBoxProps {
  inputRef: Ref<HTMLInputElement>;
  value: string;
  expanded: boolean;
  listboxId: string;
  activeId: string | null;
  loading: boolean;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onOpen: () => void;
  onClear: () => void;
}

export function SearchBox(props: SearchBoxProps) {
  const { inputRef, value, expanded, listboxId, activeId, loading, onChange, onKeyDown, onOpen, onClear } =
    props;
  const styles = useStyles();
  let after = null;
  if (loading) after = <Spinner size="extra-tiny" />;
  else if (value !== '') {
    // Escape clears the term from the keyboard; this button is the mouse's way to do it.
    after = (
      <Button
        appearance="transparent"
        size="small"
        icon={<DismissRegular />}
        aria-label="Clear search"
        tabIndex={-1}
        onClick={onClear}
      />
    );
  }
  return (
    <Input
      ref={inputRef}
      className={styles.input}
      value={value}
      onChange={(_event, data) => onChange(data.value)}
      onKeyDown={onKeyDown}
      onClick={onOpen}
      placeholder={TEXT.hint}
      aria-label={TEXT.searchLabel}
      role="combobox"
      aria-expanded={expanded}
      aria-controls={listboxId}
      aria-activedescendant={expanded && activeId ? activeId : undefined}
      aria-autocomplete="list"
      aria-keyshortcuts="F2"
      autoComplete="off"
      spellCheck={false}
      contentBefore={<SearchRegular className={styles.icon} aria-hidden />}
      contentAfter={after}
    />
  );
}
