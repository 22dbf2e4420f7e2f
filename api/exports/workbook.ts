import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface Column {
  header: string;
  /** In characters. */
  width: number;
  /** Excel's number format of the column's cells, e.g. 'dd-mm-yyyy' or '0.00'. */
  numFmt?: string;
}

/** A cell: text, a number, a date, a link, or empty. */
export type CellValue = string | number | Date | { text: string; hyperlink: string } | null;

/** The reader of a download went away (it was cancelled or the connection closed): the export stops. */
export class ReaderGone extends Error {
  constructor() {
    super('The reader of the export went away');
  }
}

const HEADER_FONT = { bold: true };

/** A stream as far as pacing needs it; `_writableState` is how exceljs's zip library (readable-stream 2) keeps its buffer. */
interface Buffered {
  writableNeedDrain?: boolean;
  _writableState?: { length: number; highWaterMark: number };
  once(event: 'drain', listener: () => void): unknown;
  off(event: 'drain', listener: () => void): unknown;
}

/**
 * The zip entry a sheet's XML goes into. exceljs hands a sheet's XML to the
 * zip through a stream that ignores backpressure, so what waits to be
 * compressed piles up in the zip's entry stream: pacing must watch it too,
 * not only the response. (exceljs 4 internals: workbook.test.ts fails if they change.)
 */
function zipEntryOf(sheet: ExcelJS.Worksheet): Buffered | null {
  return (sheet as unknown as { stream?: { pipes?: Buffered[] } }).stream?.pipes?.[0] ?? null;
}

/**
 * One style object per column, given to each of its cells: exceljs recognises
 * a style object it has seen at once, where a new one per cell (as column
 * styles give) costs it more than the rest of the row.
 */
export const cellStyles = (columns: readonly Column[]): Partial<ExcelJS.Style>[] => columns.map((column) => (column.numFmt ? { numFmt: column.numFmt } : {}));

const isBehind = (stream: Buffered) =>
  stream.writableNeedDrain ?? (stream._writableState ? stream._writableState.length >= stream._writableState.highWaterMark : false);

/**
 * A workbook written with exceljs's streaming writer straight into `sink`:
 * each row is committed (turned into XML and zipped on) as it is added, so
 * the file is never whole in memory. Whoever adds rows calls `pace()` after
 * each batch: it waits while the zip or the reader is behind, so neither a
 * slow download nor the compressor lets rows pile up in the server, and it
 * stops the export once the reader went away.
 */
export function streamingWorkbook(sink: Writable) {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  let entry: Buffered | null = null;
  return {
    sheet(name: string, columns: readonly Column[]) {
      const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
      sheet.columns = columns.map((column) => ({ width: column.width }));
      const header = sheet.addRow(columns.map((column) => column.header));
      header.font = HEADER_FONT;
      header.commit();
      entry = zipEntryOf(sheet);
      const styles = cellStyles(columns);
      return {
        add(values: readonly CellValue[]) {
          const row = sheet.addRow(values as CellValue[]);
          row.eachCell((cell, column) => {
            cell.style = styles[column - 1];
          });
          row.commit();
        },
        done: () => sheet.commit(),
      };
    },
    async pace() {
      for (;;) {
        if (sink.destroyed) throw new ReaderGone();
        const behind = sink.writableNeedDrain ? sink : entry && isBehind(entry) ? entry : null;
        if (!behind) return;
        await drained(behind, sink);
      }
    },
    /** Writes the workbook's last parts and ends the file; resolves when the reader has it all. */
    async commit() {
      await Promise.race([book.commit(), readerLeft(sink)]);
    },
  };
}

/** Resolves when `stream` drains; rejects if the reader goes away first. */
function drained(stream: Buffered, sink: Writable): Promise<void> {
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      sink.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new ReaderGone());
    };
    stream.once('drain', onDrain);
    sink.once('close', onClose);
  });
}

/** Rejects once the sink closes without having finished. */
function readerLeft(sink: Writable): Promise<never> {
  return new Promise((_, reject) => {
    sink.once('close', () => {
      if (!sink.writableFinished) reject(new ReaderGone());
    });
  });
}
