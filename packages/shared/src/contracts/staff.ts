// The staff calls' request and response schemas (filled in with the staff module).
export {};
