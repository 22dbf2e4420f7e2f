// Installs and builds what is missing, so `npm start` and `npm test` work on a
// fresh clone. Plain Node with no dependencies: it runs before they exist.
//   node scripts/ensure.mjs          dependencies
//   node scripts/ensure.mjs start    + the web build
//   node scripts/ensure.mjs test     + the web build and a Chromium for browser tests
//   node scripts/ensure.mjs web      only the web build
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'deps';

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function newestIn(dir) {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(dir, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestIn(full) : mtime(full));
  }, 0);
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function ensureDependencies() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  if (installed === 0 || installed < mtime(path.join(root, 'package-lock.json'))) {
    console.log('Installing dependencies (npm ci)...');
    run('npm', ['ci', '--no-audit', '--no-fund']);
  }
}

function ensureWebBuild() {
  const built = mtime(path.join(root, 'web', 'dist', 'index.html'));
  const sources = Math.max(
    newestIn(path.join(root, 'web', 'src')),
    // The web app shares the domain's rules and messages.
    newestIn(path.join(root, 'domain')),
    mtime(path.join(root, 'web', 'index.html')),
    mtime(path.join(root, 'web', 'vite.config.ts')),
    mtime(path.join(root, 'package-lock.json')),
  );
  if (built < sources) {
    console.log('Building the web app...');
    // A production build even when started from the test runner (NODE_ENV=test).
    run('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], { ...process.env, NODE_ENV: 'production' });
  }
}

function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter(Boolean);
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable']) {
    const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
    if (found) return found;
  }
  return null;
}

function ensureChromium() {
  if (findChromium()) return;
  const canInstall = process.getuid?.() === 0 && spawnSync('sh', ['-c', 'command -v apt-get']).status === 0;
  if (canInstall) {
    console.log("Installing Debian's chromium for the browser tests...");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!findChromium()) {
    console.error(
      'The browser tests need Chromium. Install it (Debian/Ubuntu: sudo apt-get install chromium) ' +
        'or set CHROMIUM_PATH to a Chromium or Chrome binary, then run npm test again.',
    );
    process.exit(1);
  }
}

if (mode !== 'web') ensureDependencies();
if (mode === 'start' || mode === 'test' || mode === 'web') ensureWebBuild();
if (mode === 'test') ensureChromium();
