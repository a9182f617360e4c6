/** What the originality check answers staff in words (ADR 036); the match's own words are shared. */
export const ORIGINALITY_MESSAGES = {
  stillComparing: 'This video is still being compared with other entries. Try again in a minute.',
  notHeld: 'Only a video held as resembling another can be cleared.',
} as const;
