/**
 * Largest remainder (Hamilton's method): `total` whole units shared among
 * parts whose exact values are `exact[i] / unit`. Each part first gets the
 * whole units of its value; the units still missing go one each to the parts
 * with the largest remainders, the earlier part first on a tie. So the shares
 * add up to the total exactly and each is its exact value rounded down or up.
 *
 * `caps`, when given, bound each share (idle minutes never above a row's
 * tracked minutes); a unit a capped part cannot take goes to the next
 * remainder, then to any part with room left. The caller keeps the total
 * within what the parts can take.
 */
export function largestRemainder(total: bigint, exact: readonly bigint[], unit: bigint, caps?: readonly bigint[]): bigint[] {
  const shares = exact.map((value) => value / unit);
  if (caps) for (const [i, cap] of caps.entries()) if (shares[i] > cap) shares[i] = cap;
  let missing = total - shares.reduce((sum, share) => sum + share, 0n);
  const hasRoom = (i: number) => !caps || shares[i] < caps[i];
  const byRemainder = exact
    .map((value, index) => ({ index, remainder: value % unit }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (missing <= 0n) break;
    if (!hasRoom(index)) continue;
    shares[index] += 1n;
    missing -= 1n;
  }
  // Only with caps: what the remainders could not place goes wherever there is room, in order.
  for (let index = 0; missing > 0n && index < shares.length; index++) {
    const room = caps ? caps[index] - shares[index] : missing;
    const take = room < missing ? room : missing;
    if (take > 0n) {
      shares[index] += take;
      missing -= take;
    }
  }
  return shares;
}

/** largestRemainder over plain numbers (whole milliseconds, whole minutes), exact while they stay safe integers. */
export function shareOut(total: number, exact: readonly number[], unit: number, caps?: readonly number[]): number[] {
  return largestRemainder(BigInt(total), exact.map(BigInt), BigInt(unit), caps?.map(BigInt)).map(Number);
}
