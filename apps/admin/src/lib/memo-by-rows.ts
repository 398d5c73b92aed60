/**
 * `compute` remembered per rows array: the same array gives the same result without computing again (a
 * render with unchanged rows costs nothing); a new array, a new result.
 */
export function memoByRows<Row, Result>(
  compute: (rows: readonly Row[]) => Result,
): (rows: readonly Row[]) => Result {
  const results = new WeakMap<readonly Row[], Result>();
  return (rows) => {
    let result = results.get(rows);
    if (result === undefined) {
      result = compute(rows);
      results.set(rows, result);
    }
    return result;
  };
}
