/**
 * The family view (spec part 2, "Procedure allocation modal"): the patients of the family, the
 * guarantor with a Guarantor pill. Choosing another patient opens their patient page (the caller's
 * `onOpen`); choosing the one on screen says 'You're currently viewing this patient's profile.'
 */
import { Badge, Link, makeStyles, Subtitle2, Text, tokens } from '@fluentui/react-components';
import type { FamilyMember } from '../../embed-sdk/contract/allocation.js';
import { SCREEN_TEXT as T } from './texts.js';

const useStyles = makeStyles({
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground2 },
});

export interface FamilyViewProps {
  members: readonly FamilyMember[] | undefined;
  /** The patient on screen (their key). */
  viewing: number;
  onChoose: (member: FamilyMember) => void;
}

export function FamilyView(props: FamilyViewProps) {
  const styles = useStyles();
  return (
    <section aria-label={T.familyView}>
      <Subtitle2 as="h3">{T.familyView}</Subtitle2>
      {props.members === undefined ? (
        <Text className={styles.muted}>{T.loading}</Text>
      ) : (
        <ul className={styles.list}>
          {props.members.map((m) => {
            const name = `${m.firstName} ${m.lastName}`;
            return (
              <li key={m.key} className={styles.item}>
                <Link
                  as="button"
                  aria-label={m.key === props.viewing ? name : T.openPatient(name)}
                  onClick={() => props.onChoose(m)}
                >
                  {name}
                </Link>
                {m.isGuarantor && (
                  <Badge appearance="tint" color="brand" size="small">
                    {T.guarantor}
                  </Badge>
                )}
                {m.key === props.viewing && (
                  <Badge appearance="outline" color="informative" size="small">
                    {T.viewing}
                  </Badge>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
