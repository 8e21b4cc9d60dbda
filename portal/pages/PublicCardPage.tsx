/**
 * The public card page (card/{token}): a patient opens it from a card request's text or e-mail,
 * without signing in, and keeps a card on file with the practice. It shows the practice and the
 * patient's first name, takes the card through the provider's frame (a nonce, never a number, reaches
 * Chairside) and stores it as the patient's default card. The practice's stored-cards lists show it at
 * once (the server tells them through the realtime hub). A used or expired link says so and takes no
 * card. Its frame is every link page's (PublicLinkPage).
 */
import {
  Body1,
  Button,
  Divider,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import {
  publicCardRequest,
  publicStoreCard,
  type CardRequestPage,
} from '../../embed-sdk/contract/savedCard.js';
import { formatDate } from '../../embed-sdk/format/index.js';
import { useSdk } from '../../widgets/runtime/SdkContext.js';
import { CardBrandBadge } from '../../widgets/ui/CardBrandBadge.js';
import { describeCard } from '../../widgets/ui/cardBrands.js';
import { useCardEntry } from '../../widgets/ui/card-entry/useCardEntry.js';
import { PublicLinkPage, usePublicLink } from '../components/publicLink/PublicLinkPage.js';
import { useReaderZone } from '../components/publicLink/readerZone.js';
import { valueOf } from '../data/valueOf.js';

type StoredCard = NonNullable<CardRequestPage['card']>;

const useStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground2 },
  card: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

function StoredCardLine({ card }: { card: StoredCard }) {
  const styles = useStyles();
  return (
    <span className={styles.card}>
      <CardBrandBadge cardType={card.cardType} />
      <Text weight="semibold">{describeCard(card)}</Text>
    </span>
  );
}

function Saved({ card, practiceName }: { card: StoredCard; practiceName: string }) {
  return (
    <>
      <MessageBar intent="success" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>Your card is on file.</MessageBarTitle>
          {practiceName} now keeps this card on file for you. You can close this page.
        </MessageBarBody>
      </MessageBar>
      <StoredCardLine card={card} />
    </>
  );
}

function ClosedLink({ page }: { page: CardRequestPage }) {
  const zone = useReaderZone();
  if (page.status === 'USED') {
    return (
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>This link was already used to store a card.</MessageBarTitle>
          {page.card ? `${describeCard(page.card)} is on file with ${page.practiceName}. ` : ''}
          To add another card, ask {page.practiceName} for a new link.
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>This link has expired.</MessageBarTitle>
        It stopped taking cards on {formatDate(page.expires, zone)}. Ask {page.practiceName} for a new link to
        add your card.
      </MessageBarBody>
    </MessageBar>
  );
}

/** The card frame and Save Card; a refused card (the banner says why) leaves the form for another try. */
function CardForm({
  token,
  page,
  onSaved,
}: {
  token: string;
  page: CardRequestPage;
  onSaved: (card: StoredCard) => void;
}) {
  const sdk = useSdk();
  const entry = useCardEntry<StoredCard>({
    hasCards: false,
    scriptUrl: page.cardEntry.scriptUrl,
    businessId: page.cardEntry.businessId,
    applicationId: page.cardEntry.appId,
    practiceFailed: false,
    store: async (nonce) => {
      try {
        return await valueOf(sdk.api.call(publicStoreCard, { body: { token, nonce } }));
      } catch {
        return null; // the banner says why
      }
    },
    onSaved,
  });
  return (
    <>
      {entry.frame}
      <Button
        appearance="primary"
        disabled={entry.busy || !entry.ready}
        icon={entry.busy ? <Spinner size="extra-tiny" /> : undefined}
        onClick={() => void entry.addCard()}
      >
        Save Card
      </Button>
    </>
  );
}

export default function PublicCardPage({ token }: { token: string }) {
  const zone = useReaderZone();
  const styles = useStyles();
  const sdk = useSdk();
  const { data: page, error } = usePublicLink('public/cardRequest', token, () =>
    valueOf(sdk.api.call(publicCardRequest, { query: { token } })),
  );
  const [saved, setSaved] = useState<StoredCard | null>(null);

  return (
    <PublicLinkPage<CardRequestPage>
      title="Card on file"
      unopenedTitle="This card link could not be opened."
      loadingLabel="Loading…"
      page={page}
      error={error}
    >
      {(page) => (
        <>
          <Body1>{page.practiceName} asks you to keep a card on file with them.</Body1>
          <Divider />
          {saved ? (
            <Saved card={saved} practiceName={page.practiceName} />
          ) : page.status === 'OPEN' ? (
            <>
              <Body1>
                Enter your card below: it goes securely to the card processor, and the practice sees only its
                brand, last four digits and expiry.
              </Body1>
              <Text className={styles.hint}>
                This link stores one card and works until {formatDate(page.expires, zone)}.
              </Text>
              <CardForm token={token} page={page} onSaved={setSaved} />
            </>
          ) : (
            <ClosedLink page={page} />
          )}
        </>
      )}
    </PublicLinkPage>
  );
}
