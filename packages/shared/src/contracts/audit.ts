// The audit calls' request and response schemas (filled in with the audit module).
export {};
