/** A duration as the application dashboard shows it (management §2): 'Xhrs Ymins Zsecs', seconds rounded down: the break and each application's time. */
export function formatHms(ms: number): string {
  const totalSeconds = Math.floor(Math.max(0, ms) / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  return `${hours}hrs ${minutes}mins ${totalSeconds % 60}secs`;
}
