import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AskTyping } from '../../components/schema/actions/ask-typing';
import { useCatalogues } from '../../hooks/use-catalogues';
import { useBagDownloads, type BulkDownload } from './use-bag-downloads';

const ACTIONS: { kind: BulkDownload; label: string }[] = [
  { kind: 'download', label: 'lake:bulk.download' },
  { kind: 'commands', label: 'lake:bulk.commands' },
  { kind: 'links', label: 'lake:bulk.links' },
  { kind: 'meta', label: 'lake:bulk.meta' },
];

/** The raw-data list's bulk buttons for the selected bags' files, each behind spec §5's "type yes" with the count. */
export default function BagBulkDownloads({ ids }: { ids: number[] }) {
  useCatalogues(['lake']);
  const { t } = useTranslation();
  const { run, busy } = useBagDownloads();
  const [asking, setAsking] = useState<(typeof ACTIONS)[number] | null>(null);
  return (
    <>
      {ACTIONS.map((action) => (
        <Button key={action.kind} size="small" onClick={() => setAsking(action)} data-testid={`bulk-${action.kind}`}>
          {t(action.label)}
        </Button>
      ))}
      <AskTyping
        action={asking ? t(asking.label) : undefined}
        count={ids.length}
        busy={busy}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && void run(asking.kind, ids).then(() => setAsking(null))}
      />
    </>
  );
}
