/**
 * The practices chosen on a bulk screen (Bulk Upgrade, Bulk Apple Pay Status): chosen on any page of
 * its list, each row's box and the header's box for the page, and the line that names them.
 */
import { useState } from 'react';
import { Checkbox } from '@fluentui/react-components';

interface PracticeRow {
  companyId: number;
  companyName: string;
}

export function useChosenPractices() {
  const [chosen, setChosen] = useState<Map<number, string>>(new Map());
  const toggle = (row: PracticeRow, on: boolean) =>
    setChosen((was) => {
      const next = new Map(was);
      if (on) next.set(row.companyId, row.companyName);
      else next.delete(row.companyId);
      return next;
    });
  return {
    chosen,
    clear: () => setChosen(new Map()),
    /** The header's box: every practice of this page. */
    pageBox(rows: readonly PracticeRow[]) {
      const all = rows.length > 0 && rows.every((r) => chosen.has(r.companyId));
      return (
        <Checkbox
          aria-label="Choose every practice on this page"
          checked={all ? true : rows.some((r) => chosen.has(r.companyId)) ? 'mixed' : false}
          onChange={(_e, d) => rows.forEach((r) => toggle(r, !!d.checked))}
        />
      );
    },
    /** A row's box. */
    rowBox(row: PracticeRow, label: string, disabled = false) {
      return (
        <Checkbox
          aria-label={label}
          checked={chosen.has(row.companyId)}
          disabled={disabled}
          onChange={(_e, d) => toggle(row, !!d.checked)}
        />
      );
    },
    /** The chosen practices named (three, then how many more), or how many may be chosen. */
    summary(max: number) {
      if (chosen.size === 0) return `Choose up to ${max} practices, on any page.`;
      const names = [...chosen.values()];
      return names.slice(0, 3).join(', ') + (names.length > 3 ? ` and ${names.length - 3} more` : '');
    },
  };
}
