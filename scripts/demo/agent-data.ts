import sharp from 'sharp';
import type { AppUsageService } from '../../api/app-usage/service.ts';
import type { CompanyAccess } from '../../api/access/membership.ts';
import type { ScreenshotsService } from '../../api/screenshots/service.ts';
import type { AppUsageSample } from '../../domain/app-usage/events.ts';
import type { EventMetadata, LogPosition } from '../../eventstore/types.ts';
import type { WorkStep } from './schedule.ts';

const MINUTE = 60_000;
/** A screenshot every hour of a desktop session: enough for the gallery, few enough for a quick demo. */
const SCREENSHOT_EVERY_MS = 60 * MINUTE;

type Session = Extract<WorkStep, { kind: 'session' }>;

/** What a person has open, minute by minute: their work tools, a browser, now and then a video. */
const APPS_AT_WORK: readonly { application: string; windowTitle: string }[][] = [
  [
    { application: 'Visual Studio Code', windowTitle: 'checkout.ts — storefront' },
    { application: 'Terminal', windowTitle: 'npm test' },
    { application: 'Google Chrome', windowTitle: 'Pull request #482' },
    { application: 'Slack', windowTitle: '#storefront' },
  ],
  [
    { application: 'Figma', windowTitle: 'Onboarding flow v3' },
    { application: 'Notion', windowTitle: 'Design review notes' },
    { application: 'Google Chrome', windowTitle: 'Competitor research' },
    { application: 'Zoom', windowTitle: 'Weekly sync' },
  ],
  [
    { application: 'Microsoft Excel', windowTitle: 'Q4 forecast.xlsx' },
    { application: 'Microsoft Outlook', windowTitle: 'Inbox' },
    { application: 'Jira', windowTitle: 'Sprint board' },
    { application: 'Slack', windowTitle: '#operations' },
  ],
];
const DISTRACTIONS = [
  { application: 'YouTube', windowTitle: 'Conference talk' },
  { application: 'Reddit', windowTitle: 'r/programming' },
];

/** One minute's samples: mostly one tool; every ninth minute a distraction; idle minutes as idle. */
function minuteSamples(start: number, seconds: number, minute: number, kit: number, idle: boolean): AppUsageSample[] {
  const apps = APPS_AT_WORK[kit % APPS_AT_WORK.length];
  const app = minute % 9 === 8 ? DISTRACTIONS[(minute / 9) % DISTRACTIONS.length | 0] : apps[Math.floor(minute / 7) % apps.length];
  return [{ application: app.application, windowTitle: app.windowTitle, start: new Date(start).toISOString(), seconds, idle }];
}

/** A made-up screen of an application: its name in a window, drawn by sharp as an agent would capture it. */
async function screenImage(application: string, windowTitle: string, hue: number): Promise<Buffer> {
  const escape = (text: string) => text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
  const lines = Array.from({ length: 9 }, (_, i) => `<rect x="60" y="${150 + i * 40}" width="${320 + ((i * 97 + hue) % 500)}" height="14" rx="7" fill="#cfd8e3"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">
    <rect width="1280" height="800" fill="hsl(${hue}, 35%, 92%)"/>
    <rect width="1280" height="56" fill="hsl(${hue}, 45%, 35%)"/>
    <text x="28" y="37" font-family="sans-serif" font-size="24" fill="#fff">${escape(application)} — ${escape(windowTitle)}</text>
    ${lines}
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface AgentDataWriter {
  /**
   * Sends what the person's agent saw of a session: a usage batch a minute (each
   * decided at the end of its minute, sent together as an agent that was
   * offline sends them), a screenshot an hour. Call while it runs, or within a
   * day after it ended.
   */
  session(step: Session, sessionId: string): Promise<void>;
  screenshots(): number;
  batches(): number;
}

/**
 * The desktop agent's data for one person, through the same services as the
 * API's routes, at the moments the person's clock is set to.
 */
export function agentDataWriter({
  access,
  appUsage,
  screenshots,
  setClock,
  metadata,
  wrote,
  kit,
}: {
  access: CompanyAccess;
  /** The service deciding at `at`: batches go at once, each at its own moment. */
  appUsage: (at: number) => AppUsageService;
  screenshots: ScreenshotsService;
  setClock: (at: number) => void;
  metadata: EventMetadata;
  wrote: (position: LogPosition | null) => void;
  kit: number;
}): AgentDataWriter {
  let shots = 0;
  let batches = 0;
  return {
    async session(step, sessionId) {
      // A beat reports the idle minutes just before it.
      const idleAt = (at: number) => step.idle.some((beat) => at >= beat.at - beat.minutes * MINUTE && at < beat.at);
      const minutes = [];
      for (let at = step.start, minute = 0; at < step.end; at += MINUTE, minute++) {
        const seconds = Math.min(60, Math.floor((step.end - at) / 1000));
        if (seconds < 1) break;
        minutes.push({ at, minute, seconds, samples: minuteSamples(at, seconds, minute, kit, idleAt(at)) });
      }
      // The store writes batches that arrive together in one commit.
      const recorded = await Promise.all(
        minutes.map(({ at, minute, seconds, samples }) => appUsage(at + seconds * 1000).record(access, `demo-${sessionId}-${minute}`, samples, metadata)),
      );
      for (const { position } of recorded) wrote(position);
      batches += recorded.length;
      for (const { at, minute, seconds, samples } of minutes) {
        if ((at - step.start) % SCREENSHOT_EVERY_MS !== 0) continue;
        setClock(at + seconds * 1000);
        const seen = samples[0];
        const image = await screenImage(seen.application, seen.windowTitle ?? '', (kit * 67 + minute * 11) % 360);
        const input = { clientId: `demo-${sessionId}-${minute}`, sessionId, takenAt: new Date(at + seconds * 1000).toISOString(), application: seen.application, windowTitle: seen.windowTitle };
        wrote((await screenshots.take(access, input, image, metadata)).position);
        shots++;
      }
    },
    screenshots: () => shots,
    batches: () => batches,
  };
}
