// The teams calls' request and response schemas (filled in with the teams module).
export {};
