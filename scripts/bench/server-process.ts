import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../api/database/free-port.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** As `npm start` runs the server (package.json). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
/** BENCH_CPU_PROFILE=<folder>: each server process writes its CPU profile there when it stops (open it in Chrome's DevTools). */
const PROFILE_FLAGS = process.env.BENCH_CPU_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`] : [];

export interface ServerProcess {
  url: string;
  /** The process's id, to read the CPU time it used. */
  pid: number;
  stop(): Promise<void>;
}

/**
 * A script of this repository run as a server in a process of its own (the
 * load generator must not share the server's event loop); ready once
 * `readyPath` answers 200. Its port is given in PORT, or in `portVariable`
 * (the worker's WORKER_HEALTH_PORT).
 */
export async function startServerProcess(script: string, readyPath: string, env: Record<string, string> = {}, portVariable = 'PORT'): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...PROFILE_FLAGS, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env, [portVariable]: String(port), HOST: '127.0.0.1', PUBLIC_URL: url },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  for (const started = Date.now(); ; ) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode} before it was ready`);
    const ready = await fetch(`${url}${readyPath}`).then((r) => r.ok, () => false);
    if (ready) break;
    if (Date.now() - started > 60_000) {
      child.kill('SIGTERM');
      throw new Error(`${script} was not ready within a minute`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, pid: child.pid!, stop: () => stopChild(child, exited) };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>) {
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
}
