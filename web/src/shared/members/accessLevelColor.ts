const colors: Record<string, string> = { Admin: 'grape', Head: 'violet', Manager: 'blue', Member: 'gray', Client: 'orange' };

/** The badge colour of an access level or team role, the same in every table. */
export function accessLevelColor(level: string): string {
  return colors[level] ?? 'gray';
}
