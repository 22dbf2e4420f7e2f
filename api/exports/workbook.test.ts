import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type CellValue, ReaderGone, streamingWorkbook } from './workbook.ts';

const COLUMNS = [
  { header: 'Day', width: 12, numFmt: 'dd-mm-yyyy' },
  { header: 'Text', width: 40 },
  { header: 'Money', width: 10, numFmt: '0.00' },
];

const addRows = (sheet: { add(values: readonly CellValue[]): void }, count: number) => {
  for (let i = 0; i < count; i++) sheet.add([new Date(Date.UTC(2026, 2, 1)), randomUUID(), i]);
};

/** Whether a promise is still pending once the event loop has turned. */
const pending = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => false, () => false), new Promise<boolean>((resolve) => setImmediate(() => resolve(true)))]);

describe('the streaming workbook', () => {
  it('writes sheets with their headers, typed cells and formats', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = streamingWorkbook(sink);
    for (const name of ['First', 'Second']) {
      const sheet = book.sheet(name, COLUMNS);
      sheet.add([new Date(Date.UTC(2026, 2, 5)), `${name} row`, 12.5]);
      sheet.done();
      await book.pace();
    }
    await book.commit();

    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    expect(read.worksheets.map((sheet) => sheet.name)).toEqual(['First', 'Second']);
    const second = read.worksheets[1];
    expect((second.getRow(1).values as unknown[]).slice(1)).toEqual(['Day', 'Text', 'Money']);
    expect(second.getCell('A1').font?.bold).toBe(true);
    expect((second.getRow(2).values as unknown[]).slice(1)).toEqual([new Date('2026-03-05T00:00:00Z'), 'Second row', 12.5]);
    expect(second.getCell('A2').numFmt).toBe('dd-mm-yyyy');
    expect(second.getCell('C2').type).toBe(ExcelJS.ValueType.Number);
    expect(second.getCell('C2').numFmt).toBe('0.00');
  });

  it('waits while the zip is behind, then goes on', async () => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    const book = streamingWorkbook(sink);
    const sheet = book.sheet('Rows', COLUMNS);
    // Megabytes of XML at once: more than the compressor takes in one turn of the event loop.
    addRows(sheet, 20_000);
    const paced = book.pace();
    expect(await pending(paced)).toBe(true);
    await paced;
    sheet.done();
    await book.commit();
    const read = new ExcelJS.Workbook();
    await read.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer);
    expect(read.worksheets[0].rowCount).toBe(20_001);
  });

  it('waits while the reader is behind, and stops once it went away', async () => {
    const sink = new PassThrough();
    const book = streamingWorkbook(sink);
    const sheet = book.sheet('Rows', COLUMNS);
    for (let batch = 0; batch < 200 && !sink.writableNeedDrain; batch++) {
      addRows(sheet, 500);
      await Promise.race([book.pace(), new Promise((resolve) => setTimeout(resolve, 10))]);
    }
    expect(sink.writableNeedDrain).toBe(true);
    const paced = book.pace();
    expect(await pending(paced)).toBe(true);
    sink.destroy();
    await expect(paced).rejects.toBeInstanceOf(ReaderGone);
    await expect(book.pace()).rejects.toBeInstanceOf(ReaderGone);
  });
});
