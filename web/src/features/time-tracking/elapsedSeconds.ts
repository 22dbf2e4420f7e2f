/**
 * Whole seconds from `startedAt` (ISO, the server's start) to `nowMs` (the
 * server clock as estimated here). Never negative: a client clock a little
 * behind the server's would otherwise show -0:00:01 right after a start.
 */
export function elapsedSeconds(startedAt: string, nowMs: number): number {
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return 0;
  return Math.max(0, Math.floor((nowMs - start) / 1000));
}
