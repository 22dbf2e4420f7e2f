import { useEffect, useRef, useState } from 'react';
import type { ExportKind } from '../../../../domain/exports/naming.ts';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../lib/notify';
import { fetchExportFile } from './fetchExportFile';
import { saveFile } from './saveFile';

/** A download under way: which file, and how much of it has arrived. */
export interface Downloading {
  kind: ExportKind;
  receivedBytes: number;
}

/** Core §7: the names a file gets when the server names none. */
const FALLBACK_NAMES: Record<ExportKind, string> = { attendance: 'attendance_data.xlsx', timelog: 'timelog_data.xlsx', 'working-time': 'working_time_data.xlsx' };

/** Core §8's words for each file. */
const DATA_NAMES: Record<ExportKind, string> = { attendance: 'attendance data', timelog: 'timelog data', 'working-time': 'working time data' };

/**
 * One download at a time: `start` fetches a file and saves it, telling the
 * user how it went (core §8); `cancel` stops it. Leaving (the dialog closed)
 * cancels too.
 */
export function useExportDownload() {
  const [downloading, setDownloading] = useState<Downloading | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(kind: ExportKind, url: string) {
    const current = new AbortController();
    controller.current = current;
    setDownloading({ kind, receivedBytes: 0 });
    try {
      const file = await fetchExportFile(url, FALLBACK_NAMES[kind], {
        signal: current.signal,
        onProgress: (receivedBytes) => setDownloading({ kind, receivedBytes }),
      });
      saveFile(file.blob, file.fileName);
      notify.success(`Successfully downloaded ${DATA_NAMES[kind]}`);
    } catch (error) {
      if (current.signal.aborted) notify.info(`The download of the ${DATA_NAMES[kind]} was cancelled.`);
      else notify.error(errorMessage(error), `Failed to download ${DATA_NAMES[kind]}`);
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setDownloading(null);
      }
    }
  }

  return { downloading, start, cancel: () => controller.current?.abort() };
}
