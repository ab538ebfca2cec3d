/** A link label as CommonMark compares them: whitespace collapsed, case folded. */
export function normaliseLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .trim()
    .toLowerCase()
    .toUpperCase();
}
