/** The bell's touch target, in pixels: the page keeps this much room for it while its code loads. */
export const NOTIFICATION_BELL_SIZE = 44;
