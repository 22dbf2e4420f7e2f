/** Milliseconds each of `runs` calls took, after a short warm-up. */
export async function latencies(runs: number, call: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await call(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call(i);
    times.push(performance.now() - started);
  }
  return times;
}
