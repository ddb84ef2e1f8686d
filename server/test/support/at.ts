/**
 * `list[index]`, failing the test with a clear message when the element is missing
 * (under noUncheckedIndexedAccess an index may be undefined; a test should say so, not assert it away with `!`).
 */
export function at<T>(list: readonly T[], index: number, what = 'element'): T {
  const item = list[index];
  if (item === undefined) throw new Error(`expected ${what} #${index}, but the list has ${list.length}`);
  return item;
}
