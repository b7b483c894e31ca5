import { useTranslation } from 'react-i18next';
import { api } from '../../../providers/http';
import { notifier } from '../../../providers/notifier';
import { saveText } from '../../components/schema/shared/save-file';
import { useBusy } from '../../hooks/use-busy';
import { downloadEach, downloadScript, linkList, type DownloadLink } from './download-files';

export type BulkDownload = 'download' | 'commands' | 'links' | 'meta';

interface Links {
  links: DownloadLink[];
  failures: { id: number; fileName: string; reason: Record<string, string> }[];
}

/**
 * What the raw-data list does with the selected bags' files: download them, export
 * their download commands or links, or their raw_data_meta.json. Some may fail (no stored file,
 * the download quota spent): the others go on, and the user is told how many of each (spec §8).
 */
export function useBagDownloads() {
  const { t, i18n } = useTranslation();
  const { busy, whileBusy } = useBusy();
  const report = ({ links, failures }: Links) => {
    const reasons = failures.map((failure) => `${failure.fileName || `#${failure.id}`}: ${failure.reason[i18n.language] ?? failure.reason.zh_CN}`);
    const text = t('lake:bulk.result', { succeeded: links.length, failed: failures.length });
    if (failures.length) notifier.warning(text, reasons.join('\n'));
    else notifier.success(text);
  };
  const run = (kind: BulkDownload, ids: number[]) =>
    whileBusy(async () => {
      if (kind === 'meta') {
        const meta = await api.post<object>('/data/lake/bag/meta', { ids });
        return saveText('raw_data_meta.json', `${JSON.stringify(meta, null, 2)}\n`, 'application/json');
      }
      const answer = await api.post<Links>('/data/lake/bag/download-links', { ids });
      if (kind === 'commands') saveText('raw_data_download.sh', downloadScript(answer.links, location.origin), 'text/x-shellscript');
      if (kind === 'links') saveText('raw_data_links.txt', linkList(answer.links, location.origin));
      if (kind === 'download') await downloadEach(answer.links);
      report(answer);
    });
  return { run, busy };
}
