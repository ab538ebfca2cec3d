// Property runs, scaled down where every mutant runs the suite again (vitest.unit.config.ts).
export function runs(full: number): number {
  const scale = Number(process.env.PROPERTY_RUN_SCALE ?? '1');
  return Math.max(3, Math.round(full * scale));
}
