/** 'DATA_CAPTURE' → 'Data capture', 'CampaignMarketer' → 'Campaign marketer'. */
export function humanize(value: string): string {
  const words = value
    .replace(/_/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
