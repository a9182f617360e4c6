/** Where a campaign's file waits for its checks, before it is moved to where it is kept and served from. */
export const stagingKeyOf = (assetId: string) => `campaign-uploads/${assetId}`;
