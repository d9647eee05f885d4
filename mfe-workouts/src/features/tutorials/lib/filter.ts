/** The 'Showing N exercise(s)' line. */
export function showingText(n: number): string {
  return `Showing ${n} exercise${n === 1 ? '' : 's'}`;
}

/** At most three muscle badges, plus the count of the rest ('+N'), SPEC §9. */
export function muscleBadges(muscles: readonly string[], max = 3): { shown: string[]; more: number } {
  return { shown: muscles.slice(0, max), more: Math.max(0, muscles.length - max) };
}
