import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult, Target } from './context.ts';

export function printTable(results: BenchResult[]): void {
  const header = ['section', 'measure', 'value', 'unit', 'baseline', 'ratio', 'target', 'result'];
  const lines = results.map((r) => [
    r.section,
    r.note ? `${r.measure} (${r.note})` : r.measure,
    formatNumber(r.value),
    r.unit,
    r.baseline === null ? '' : formatNumber(r.baseline),
    r.ratio === null ? '' : `${(r.ratio * 100).toFixed(0)}%`,
    formatTarget(r.target),
    r.pass === null ? '' : r.pass ? 'PASS' : 'FAIL',
  ]);
  const numeric = new Set([2, 4, 5]);
  const widths = header.map((h, c) => Math.max(h.length, ...lines.map((line) => line[c].length)));
  const format = (cells: string[]) =>
    cells.map((cell, c) => (numeric.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join('  ').trimEnd();
  console.log([format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n'));
  const failed = results.filter((r) => r.pass === false);
  console.log(failed.length === 0 ? '\nAll targets met.' : `\n${failed.length} target(s) missed: ${failed.map((r) => r.measure).join('; ')}`);
}

export async function writeResults(file: string, results: BenchResult[], postgres: string): Promise<void> {
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    postgres,
    machine: { platform: `${os.platform()} ${os.release()}`, cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, totalMemoryBytes: os.totalmem() },
    results: results.map((r) => ({ ...r, targetText: formatTarget(r.target) || null })),
  };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
}

function formatNumber(value: number): string {
  return value.toLocaleString('en', { maximumFractionDigits: value < 100 ? 1 : 0 });
}

function formatTarget(target: Target | null): string {
  if (!target) return '';
  return [
    target.minRatio !== undefined && `≥ ${target.minRatio * 100}% of baseline`,
    target.min !== undefined && `≥ ${formatNumber(target.min)}`,
    target.max !== undefined && `≤ ${formatNumber(target.max)}`,
  ]
    .filter(Boolean)
    .join(', ');
}
