/** Hours as the settings show them: 8, 7.5, 7.33. */
export const formatHours = (hours: number) => String(Math.round(hours * 100) / 100);
