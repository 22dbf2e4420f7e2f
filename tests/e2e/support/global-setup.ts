import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder for the browser run's shared test servers (their data folders), removed after the run. */
    e2eRunDir: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * The test servers serve web/dist: the project's ensure script builds it, once
 * for the run, when missing or stale. The workers' shared servers keep their
 * files in a folder of the run, since they go away with their worker rather
 * than close.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [runDir] = await Promise.all([mkdtemp(path.join(os.tmpdir(), 'timeledger-e2e-run-')), ensureWebBuild()]);
  project.provide('e2eRunDir', runDir);
  return () => rm(runDir, { recursive: true, force: true });
}

async function ensureWebBuild(): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/ensure.mjs'), 'web'], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`web build failed (${code}):\n${output}`))));
  });
}
