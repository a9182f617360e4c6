// The editing tools of the lookups screen: the form (with its validation library), the searchable dropdown
// and the delete confirmation. The screen loads them in one piece the first time one is needed, so the
// table shows without them (ADR 009).
export { DeleteLookupSheet } from './DeleteLookupSheet';
export { LookupFormDialog } from './LookupFormDialog';
export { LookupQuickEditor } from './LookupQuickEditor';
