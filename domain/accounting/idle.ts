/** A half-open span of time in epoch milliseconds. */
export interface Span {
  start: number;
  end: number;
}

/** A desktop agent's beat: at `at` (epoch ms), the whole minutes idle since its last beat. */
export interface IdleBeat {
  at: number;
  idleMinutes: number;
}

/**
 * When a session was idle, as its beats report it: each beat's idle minutes
 * are the moments just before it, filling back from the beat over time not
 * yet counted idle, never before the session's start. Beats are taken in
 * time order; a beat outside the session is not one of its beats. So no idle
 * minute is lost or counted twice, and idle never exceeds the session: the
 * spans are sorted, disjoint and inside [start, end].
 */
export function idleSpans(session: Span, beats: readonly IdleBeat[]): Span[] {
  const taken: Span[] = [];
  const inSession = beats.filter((beat) => beat.idleMinutes > 0 && beat.at >= session.start && beat.at <= session.end).sort((a, b) => a.at - b.at);
  for (const beat of inSession) {
    let cursor = beat.at;
    let missing = beat.idleMinutes * 60_000;
    const added: Span[] = [];
    for (let i = taken.length - 1; i >= 0 && missing > 0; i--) {
      const span = taken[i];
      if (span.start >= cursor) continue;
      if (span.end < cursor) {
        const take = Math.min(missing, cursor - span.end);
        added.push({ start: cursor - take, end: cursor });
        missing -= take;
      }
      cursor = span.start;
    }
    if (missing > 0 && cursor > session.start) added.push({ start: Math.max(session.start, cursor - missing), end: cursor });
    taken.push(...added);
    taken.sort((a, b) => a.start - b.start);
    merge(taken);
  }
  return taken;
}

/** Joins touching spans of a sorted list, in place. */
function merge(spans: Span[]) {
  for (let i = spans.length - 1; i > 0; i--) {
    if (spans[i].start <= spans[i - 1].end) {
      spans[i - 1] = { start: spans[i - 1].start, end: Math.max(spans[i - 1].end, spans[i].end) };
      spans.splice(i, 1);
    }
  }
}

/** How much of the spans (sorted, disjoint) lies within [start, end). */
export function overlapMs(spans: readonly Span[], start: number, end: number): number {
  let ms = 0;
  for (const span of spans) {
    if (span.start >= end) break;
    ms += Math.max(0, Math.min(span.end, end) - Math.max(span.start, start));
  }
  return ms;
}
