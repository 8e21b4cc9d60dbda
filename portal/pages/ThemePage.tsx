/** The theme screen: light or dark, applied at once to the portal and its widgets, kept on this device. */
import { Field, makeStyles, Radio, RadioGroup, Text, tokens } from '@fluentui/react-components';
import { useTheme } from '../theme/ThemeContext.js';
import { asThemeName, THEME_CHOICES } from '../theme/themeChoices.js';
import { PageHeader } from './PageHeader.js';
import { Panel } from './Panel.js';

const useStyles = makeStyles({
  note: { display: 'block', marginTop: tokens.spacingVerticalM, color: tokens.colorNeutralForeground3 },
  panel: { maxWidth: '560px' },
});

export default function ThemePage() {
  const styles = useStyles();
  const { theme, setTheme } = useTheme();
  return (
    <>
      <PageHeader title="Theme" description="Choose how Chairside looks on this device." />
      <Panel className={styles.panel}>
        <Field label="Theme">
          <RadioGroup value={theme} onChange={(_e, data) => setTheme(asThemeName(data.value))}>
            {THEME_CHOICES.map((choice) => (
              <Radio key={choice.value} value={choice.value} label={choice.label} />
            ))}
          </RadioGroup>
        </Field>
        <Text className={styles.note}>
          The choice applies at once to every screen and widget, and is remembered on this device. The user
          menu offers it too.
        </Text>
      </Panel>
    </>
  );
}
