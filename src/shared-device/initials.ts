/** The initials the lock screen shows for a name: its first and last words' first letters ("Lê Văn Kho" → "LK"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last].map((word) => (word ? [...word][0]!.toLocaleUpperCase() : '')).join('');
}
