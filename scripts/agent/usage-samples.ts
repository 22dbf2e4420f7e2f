import type { UsageSample } from './client.ts';

/** What the reference agent pretends to see: a working minute, mostly an editor, some chat, a browser and a video. */
const SAMPLE_MINUTE = [
  { application: 'Visual Studio Code', windowTitle: 'agent.ts — timeledger', share: 0.5 },
  { application: 'Slack', windowTitle: '#team', share: 0.2 },
  { application: 'Google Chrome', windowTitle: 'Timeledger API docs', share: 0.2 },
  { application: 'YouTube', windowTitle: 'Focus music', share: 0.1 },
] as const;

/**
 * One batch of sample usage for the minute before `end`, never before
 * `since` (the session's start: usage outside it is refused), in whole
 * seconds; empty when that leaves less than a second. `idle` marks the
 * samples as time the person was away.
 */
export function sampleMinute(end: Date, since: Date, idle = false): UsageSample[] {
  const start = Math.max(end.getTime() - 60_000, since.getTime());
  const totalSeconds = Math.floor((end.getTime() - start) / 1000);
  const samples: UsageSample[] = [];
  let at = start;
  let left = totalSeconds;
  SAMPLE_MINUTE.forEach((app, index) => {
    const seconds = index === SAMPLE_MINUTE.length - 1 ? left : Math.min(left, Math.round(totalSeconds * app.share));
    if (seconds < 1) return;
    samples.push({ application: app.application, windowTitle: app.windowTitle, start: new Date(at).toISOString(), seconds, idle });
    at += seconds * 1000;
    left -= seconds;
  });
  return samples;
}
