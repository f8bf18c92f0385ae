/**
 * The initials the lock screen shows for a name: its last two words' first letters, as Vietnamese
 * names are read (family, middle, given): "Lê Văn Kho" → "VK", the same as the person's avatar.
 */
export function initialsOf(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(-2)
    .map((word) => [...word][0]!.toLocaleUpperCase())
    .join('');
}
