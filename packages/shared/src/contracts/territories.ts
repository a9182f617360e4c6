// The territories calls' request and response schemas (filled in with the territories module).
export {};
