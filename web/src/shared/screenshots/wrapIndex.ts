/** The index `step` places from `index` in a list of `length`, wrapping around at both ends (core §9: the viewer wraps around). */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}
