import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { Temporal } from 'temporal-polyfill';
import { type BenchContext, type BenchResult, opsPerSecond, result } from './context.ts';
import { percentile } from './percentile.ts';
import { inProcessProduct } from './product.ts';

const SECTION = 'desktop agent';
const MB = 1024 * 1024;
const SECONDS = 5;
/** The largest screenshot the server takes in pixels (40 megapixels), small as a file: what an abuser would send at once. */
const LARGE = { width: 6000, height: 6600, uploads: 10 };
/** Viewers paging through a gallery at once, each asking for one thumbnail after another. */
const GALLERY_VIEWERS = 8;

/**
 * What the desktop agent sends, over HTTP with an API token while the timer
 * runs: application-usage batches per second, ordinary screenshots (a
 * 1920 × 1080 screen as PNG) per second with their latency, their thumbnails
 * served to a gallery per second, and how far the
 * server's resident memory grows while ten 40-megapixel screenshots arrive at
 * once (their re-encoding waits its turn, so the growth stays bounded). The
 * server runs in this process, on a database of its own, so its memory is
 * the one sampled.
 */
export async function agentIngest(ctx: BenchContext): Promise<BenchResult[]> {
  const { url, admin, stop } = await inProcessProduct(ctx, { email: 'agent-admin@bench.test', fullName: 'Agent Admin', companyName: 'Agent bench' });
  try {
    const company = `/api/companies/${admin.companyId}`;
    const { teamId } = (await admin.call('POST', `${company}/teams`, { name: 'Agents' })).body;
    const { projectId } = (await admin.call('POST', `${company}/projects`, { name: 'Agent work' })).body;
    const task = { projectId, title: 'Work', description: 'x', status: 'TO DO', priority: 'P2', eta: null, assigneeId: admin.userId };
    const { taskId } = (await admin.call('POST', `${company}/tasks`, task)).body;
    await admin.call('PUT', `${company}/settings/screenshots`, { enabled: true });
    const { token } = (await admin.call('POST', '/api/me/tokens', { name: 'Bench agent' })).body;
    await admin.call('POST', `${company}/punch/in`, { timeZone: 'Asia/Kolkata' });
    const { session } = (await admin.call('POST', `${company}/timer/start`, { teamId, projectId, taskId, timeZone: 'Asia/Kolkata' })).body;

    // Usage may not start before its session: the first samples go back two seconds.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const send = async (pathAndQuery: string, body: Buffer | object) => {
      const json = !Buffer.isBuffer(body);
      const response = await fetch(`${url}${company}${pathAndQuery}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': json ? 'application/json' : 'image/png' },
        body: json ? JSON.stringify(body) : new Uint8Array(body),
      });
      if (response.status >= 300) throw new Error(`${pathAndQuery}: ${response.status} ${await response.text()}`);
    };

    ctx.log(`desktop agent: usage batches for ${SECONDS} s from 8 agents`);
    const batchesPerSecond = await opsPerSecond(SECONDS * 1000, 8, () => () =>
      send('/app-usage', { batchId: randomUUID(), samples: [{ application: 'Visual Studio Code', start: new Date(Date.now() - 2_000).toISOString(), seconds: 1, idle: false }] }),
    );

    ctx.log(`desktop agent: 1920 × 1080 screenshots for ${SECONDS} s from 4 agents (after one, not counted)`);
    const screen = await screenPng(1920, 1080);
    const latencies: number[] = [];
    const shot = (bytes: Buffer) => () => {
      const query = new URLSearchParams({ screenshotId: randomUUID(), sessionId: session.sessionId, takenAt: new Date().toISOString(), application: 'Figma' });
      const started = performance.now();
      return send(`/screenshots?${query}`, bytes).then(() => latencies.push(performance.now() - started));
    };
    await shot(screen)();
    latencies.length = 0;
    const screenshotsPerSecond = await opsPerSecond(SECONDS * 1000, 4, () => shot(screen));
    const [p50, p95] = [percentile(latencies, 50), percentile(latencies, 95)];

    ctx.log(`desktop agent: the gallery's thumbnails for ${SECONDS} s from ${GALLERY_VIEWERS} viewers`);
    const today = Temporal.Now.plainDateISO('Asia/Kolkata').toString();
    const { screenshots } = (await admin.call('GET', `${company}/screenshots?from=${today}&to=${today}`)).body as { screenshots: { screenshotId: string }[] };
    const thumbnailLatencies: number[] = [];
    const thumbnailsPerSecond = await opsPerSecond(SECONDS * 1000, GALLERY_VIEWERS, (viewer) => {
      let next = viewer;
      return async () => {
        const { screenshotId } = screenshots[next++ % screenshots.length];
        const started = performance.now();
        const response = await fetch(`${url}${company}/screenshots/${screenshotId}/thumbnail`, { headers: { cookie: admin.cookie } });
        if (response.status !== 200) throw new Error(`thumbnail: ${response.status}`);
        await response.arrayBuffer();
        thumbnailLatencies.push(performance.now() - started);
      };
    });

    ctx.log(`desktop agent: ${LARGE.uploads} screenshots of ${LARGE.width} × ${LARGE.height} at once`);
    const large = await sharp({ create: { width: LARGE.width, height: LARGE.height, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const largeStarted = performance.now();
    await Promise.all(Array.from({ length: LARGE.uploads }, () => shot(large)()));
    const largeSeconds = (performance.now() - largeStarted) / 1000;
    clearInterval(sampler);

    return [
      result({ section: SECTION, measure: 'usage batches over HTTP, 8 agents', value: batchesPerSecond, unit: 'batches/s' }),
      result({ section: SECTION, measure: '1920 × 1080 PNG screenshots over HTTP, 4 agents', value: screenshotsPerSecond, unit: 'shots/s' }),
      result({ section: SECTION, measure: 'screenshot upload p95', value: p95, unit: 'ms', note: `p50 ${p50.toFixed(0)} ms` }),
      result({ section: SECTION, measure: `thumbnails served, ${GALLERY_VIEWERS} viewers`, value: thumbnailsPerSecond, unit: 'thumbnails/s', note: `p95 ${percentile(thumbnailLatencies, 95).toFixed(1)} ms, over ${screenshots.length} screenshots` }),
      result({
        section: SECTION,
        measure: `server RSS growth, ${LARGE.uploads} 40-megapixel screenshots at once`,
        value: (peak - before) / MB,
        unit: 'MB',
        target: { max: 700 },
        note: `all stored in ${largeSeconds.toFixed(1)} s; ${(large.length / MB).toFixed(1)} MB each as PNG`,
      }),
    ];
  } finally {
    await stop();
  }
}

/** A made-up screen: a window with a title bar and lines of text. */
function screenPng(width: number, height: number): Promise<Buffer> {
  const lines = Array.from({ length: 30 }, (_, i) => `<rect x="80" y="${120 + i * 30}" width="${400 + ((i * 137) % 900)}" height="12" rx="6" fill="#9aa8b8"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#f4f6f8"/><rect width="100%" height="60" fill="#2f4f7f"/>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
