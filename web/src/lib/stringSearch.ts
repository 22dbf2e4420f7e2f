/**
 * A `validateSearch` for routes whose query parameters are plain strings
 * (ids, tokens): keeps the named keys, drops empty or missing ones.
 */
export function stringSearch<const Key extends string>(...keys: Key[]) {
  return (search: Record<string, unknown>): Partial<Record<Key, string>> => {
    const result: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = search[key];
      // The router turns "123" or "true" into a number or boolean; both convert back losslessly.
      if ((typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean') {
        result[key] = String(value);
      }
    }
    return result;
  };
}
