/**
 * Columns of a grid of n cards on wide screens: rows filled evenly, never one card alone in the last
 * row (6 -> 3x2, 7 -> 4+3, 5 -> 3+2); one card takes the whole row.
 */
export function balancedColumns(n: number): 1 | 2 | 3 | 4 {
  if (n <= 1) return 1;
  if (n === 2) return 2;
  if (n % 4 === 0) return 4;
  if (n % 3 === 0) return 3;
  return n % 4 !== 1 ? 4 : 3;
}
