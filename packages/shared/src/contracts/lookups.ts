// The lookups calls' request and response schemas (filled in with the lookups module).
export {};
