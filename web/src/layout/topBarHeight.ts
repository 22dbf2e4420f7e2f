/** The height of the top bar's row of controls (timer, punch, company, profile). */
export const TOP_BAR_HEIGHT = 60;
