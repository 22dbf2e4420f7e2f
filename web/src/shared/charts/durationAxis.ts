const MINUTE = 60;
const HOUR = 3600;

/** Tick steps in seconds, each a round duration: seconds, minutes, hours, then 20 h, 25 h, 50 h, 100 h… */
const STEPS = [
  1, 2, 5, 10, 15, 30,
  MINUTE, 2 * MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE,
  HOUR, 2 * HOUR, 3 * HOUR, 4 * HOUR, 6 * HOUR, 8 * HOUR, 12 * HOUR,
];
const largeStep = (index: number) => [2, 2.5, 5, 10][index % 4] * 10 ** (Math.floor(index / 4) + 1) * HOUR;

/** How many intervals an axis shows at most. */
const INTERVALS = 4;

/**
 * The ticks of an axis of durations up to `maxSeconds`, in seconds: 0 and
 * multiples of the smallest round step (never below `minStepSeconds`) that
 * covers the maximum in at most four intervals. Each tick is a round value,
 * so its label (formatAxisDuration) is exact and no two are alike.
 */
export function durationTicks(maxSeconds: number, minStepSeconds = 1): number[] {
  if (!(maxSeconds > 0)) return [0, Math.max(HOUR, minStepSeconds)];
  let step = STEPS.find((candidate) => candidate >= minStepSeconds && candidate * INTERVALS >= maxSeconds);
  for (let index = 0; step === undefined; index++) {
    const candidate = largeStep(index);
    if (candidate >= minStepSeconds && candidate * INTERVALS >= maxSeconds) step = candidate;
  }
  const count = Math.ceil(maxSeconds / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** A duration on an axis, only the parts it has: "0", "45s", "1m 30s", "12m", "1h 30m", "8h". */
export function formatAxisDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole === 0) return '0';
  const parts: [number, string][] = [
    [Math.floor(whole / HOUR), 'h'],
    [Math.floor((whole % HOUR) / MINUTE), 'm'],
    [whole % MINUTE, 's'],
  ];
  return parts
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ');
}

/**
 * The props of a chart axis whose values are durations counted in units of
 * `unitSeconds` (3600 for hours, 60 for minutes), the largest `maxValue`:
 * round ticks up to it, each labelled exactly.
 */
export function durationAxis(maxValue: number, { unitSeconds, minStepSeconds = 1 }: { unitSeconds: number; minStepSeconds?: number }) {
  const ticks = durationTicks(maxValue * unitSeconds, minStepSeconds).map((seconds) => seconds / unitSeconds);
  return {
    ticks,
    domain: [0, ticks[ticks.length - 1]] as [number, number],
    tickFormatter: (value: number) => formatAxisDuration(value * unitSeconds),
  };
}
