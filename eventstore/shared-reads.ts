/**
 * Reads of one key that callers arriving together share: one read runs at a
 * time per key, and everyone who asks while it runs shares the next one,
 * which starts after it. So each caller gets a read begun after it asked
 * (it sees every write acknowledged before then), and a crowd asking at once
 * costs two reads, not one each.
 */
export function sharedReads<T>() {
  const running = new Map<string, Promise<T>>();
  const queued = new Map<string, Promise<T>>();

  const start = (key: string, read: () => Promise<T>): Promise<T> => {
    const reading: Promise<T> = read().finally(() => {
      if (running.get(key) === reading) running.delete(key);
    });
    running.set(key, reading);
    return reading;
  };

  return (key: string, read: () => Promise<T>): Promise<T> => {
    const next = queued.get(key);
    if (next) return next;
    const current = running.get(key);
    if (!current) return start(key, read);
    const later = current
      .catch(() => undefined)
      .then(() => {
        queued.delete(key);
        return start(key, read);
      });
    queued.set(key, later);
    return later;
  };
}
