/** Start and end times a company's working time can be set to: every half hour, "HH:mm". */
export const workingTimeOptions: readonly string[] = Array.from({ length: 48 }, (_, index) => {
  const hours = String(Math.floor(index / 2)).padStart(2, '0');
  return `${hours}:${index % 2 === 0 ? '00' : '30'}`;
});
